import type { PatientAuthorization } from '@clinic/contract/authorizations';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './appointment-keys';

/** GET /patientauthorization/latest-auth/{patientId}; null when the patient has none (the call's 404). */
export async function getLatestAuthorization(
  patientId: number,
  signal?: AbortSignal,
): Promise<PatientAuthorization | null> {
  try {
    return await apiRequest<PatientAuthorization>(`/patientauthorization/latest-auth/${patientId}`, {
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useLatestAuthorization(patientId: number | null) {
  return useQuery({
    queryKey: bookingKeys.latestAuthorization(patientId ?? 0),
    queryFn: ({ signal }) => getLatestAuthorization(patientId as number, signal),
    enabled: patientId !== null,
  });
}
