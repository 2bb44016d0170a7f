import type { Office } from '@clinic/contract/offices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { officeSearchQueryKey } from './office-keys';

/** GET /office/search?query= (public): offices whose name, address or key contains the text. */
export function searchOffices(query: string): Promise<Office[]> {
  return apiRequest<Office[]>('/office/search', { query: { query: query.trim() || undefined } });
}

export function useOfficeSearch(query: string) {
  const term = query.trim();
  return useQuery({
    queryKey: officeSearchQueryKey(term),
    queryFn: () => searchOffices(term),
    placeholderData: keepPreviousData,
  });
}
