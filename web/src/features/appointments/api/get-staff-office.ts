import type { Doctor } from '@clinic/contract/doctors';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** GET /doctorinfo/{id}: the office of the signed-in staff member's own doctor record (check-in scope). */
export async function getStaffOffice(doctorId: number, signal?: AbortSignal): Promise<number | null> {
  const doctor = await apiRequest<Doctor>(`/doctorinfo/${doctorId}`, { signal });
  return doctor.officeId;
}

export function useStaffOffice(doctorId: number | null) {
  return useQuery({
    queryKey: ['booking', 'staff-office', doctorId ?? 0],
    queryFn: ({ signal }) => getStaffOffice(doctorId as number, signal),
    enabled: doctorId !== null,
    // A missing record stays missing: the list then starts at the first office without waiting.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}
