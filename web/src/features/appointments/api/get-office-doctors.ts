import { HOME_SEARCH_EXCLUDED_SPECIALTIES } from '@clinic/contract/constants';
import type { Doctor } from '@clinic/contract/doctors';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './appointment-keys';

const STAFF_SPECIALTIES = new Set<string>(HOME_SEARCH_EXCLUDED_SPECIALTIES);

/**
 * GET /doctorinfo/search?officeId=: the office's doctors who see patients (staff records such as ADMIN and
 * FRONT_DESK are not bookable; the server refuses them too).
 */
export async function getOfficeDoctors(officeId: number, signal?: AbortSignal): Promise<Doctor[]> {
  const doctors = await apiRequest<Doctor[]>('/doctorinfo/search', { query: { officeId }, signal });
  return doctors.filter((d) => !STAFF_SPECIALTIES.has(d.specialty.trim().toUpperCase()));
}

export function useOfficeDoctors(officeId: number | null) {
  return useQuery({
    queryKey: bookingKeys.officeDoctors(officeId ?? 0),
    queryFn: ({ signal }) => getOfficeDoctors(officeId as number, signal),
    enabled: officeId !== null,
  });
}
