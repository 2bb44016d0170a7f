import { MSG } from '@clinic/contract/messages';
import type { PatientPermissions } from '@clinic/contract/patient-permissions';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { withPatientFallback } from './patient-service-error';

export const preferencesQueryKey = (patientId: number) =>
  ['patient-permissions', 'patient', patientId] as const;

/** GET /patient-permissions/patient/{id}; null when the patient has none recorded yet (404). */
export async function getPatientPreferences(
  patientId: number,
  signal?: AbortSignal,
): Promise<PatientPermissions | null> {
  try {
    return await withPatientFallback(
      apiRequest<PatientPermissions>(`/patient-permissions/patient/${patientId}`, { signal }),
      MSG.patientFetchFailed,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function usePatientPreferences(patientId: number) {
  return useQuery({
    queryKey: preferencesQueryKey(patientId),
    queryFn: ({ signal }) => getPatientPreferences(patientId, signal),
    retry: retryUnlessRefused,
  });
}
