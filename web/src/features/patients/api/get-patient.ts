import { MSG } from '@clinic/contract/messages';
import type { Patient } from '@clinic/contract/patients';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { withPatientFallback } from './patient-service-error';

export const patientQueryKey = (patientId: number) => ['patients', 'detail', patientId] as const;

export function getPatient(patientId: number, signal?: AbortSignal): Promise<Patient> {
  return withPatientFallback(
    apiRequest<Patient>(`/patientinfo/${patientId}`, { signal }),
    MSG.patientFetchFailed,
  );
}

/** GET /patientinfo/{id}: one patient's record (a patient only their own). */
export function usePatient(patientId: number | null) {
  return useQuery({
    queryKey: patientQueryKey(patientId ?? 0),
    queryFn: ({ signal }) => getPatient(patientId as number, signal),
    retry: retryUnlessRefused,
    enabled: patientId !== null,
  });
}
