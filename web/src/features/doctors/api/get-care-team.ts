import { DIRECTORY_PAGE_SIZE } from '@clinic/contract/constants';
import type { Doctor } from '@clinic/contract/doctors';
import { MSG } from '@clinic/contract/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import type { PageOf } from '../../../lib/paginate';
import { useSession } from '../../../lib/session';
import { readDoctors } from './doctor-wire';
import { DOCTORS_KEY } from './get-doctors';

/**
 * GET /doctorinfo/doctor/all/details?page=&search=: one page of the care team directory, searched and paged
 * by the server (§9 rules there), with the total from `X-Total-Count` (issue 13: a network's thousand
 * providers are not sent to every visitor).
 */
export async function getCareTeamPage(search: string, page: number): Promise<PageOf<Doctor>> {
  try {
    const { body, headers } = await apiResponse<unknown>('/doctorinfo/doctor/all/details', {
      query: { page, size: DIRECTORY_PAGE_SIZE, ...(search ? { search } : {}) },
    });
    const items = readDoctors(body);
    const total = Number(headers.get('X-Total-Count') ?? items.length);
    const start = (page - 1) * DIRECTORY_PAGE_SIZE;
    return {
      items,
      page,
      pageCount: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)),
      first: items.length ? start + 1 : 0,
      last: start + items.length,
      total,
    };
  } catch (error) {
    throw new Error(MSG.failedToFetchDoctors, { cause: error });
  }
}

export function useCareTeamPage(search: string, page: number) {
  const session = useSession();
  return useQuery({
    queryKey: [...DOCTORS_KEY, 'care-team', session?.role ?? 'public', search, page],
    queryFn: () => getCareTeamPage(search, page),
    // The cards stay while the next page or search loads, instead of flashing a loading line.
    placeholderData: keepPreviousData,
  });
}
