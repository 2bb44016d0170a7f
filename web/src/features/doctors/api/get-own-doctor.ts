import type { Doctor } from '@clinic/contract/doctors';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readDoctor } from './doctor-wire';
import { DOCTORS_KEY } from './get-doctors';

/** GET /doctorinfo/doctor/by-username/{u}: the signed-in staff member's own record. */
export function useOwnDoctor(username: string | undefined) {
  return useQuery({
    queryKey: [...DOCTORS_KEY, 'by-username', username],
    enabled: Boolean(username),
    queryFn: async ({ signal }): Promise<Doctor> =>
      readDoctor(
        await apiRequest<unknown>(`/doctorinfo/doctor/by-username/${encodeURIComponent(username ?? '')}`, {
          signal,
        }),
      ),
    retry: false,
  });
}
