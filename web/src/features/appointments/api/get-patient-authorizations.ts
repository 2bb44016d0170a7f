import type { PatientAuthorization } from '@clinic/contract/authorizations';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { bookingKeys } from './appointment-keys';

/**
 * GET /patientauthorization/find-by-patient/{patientId}: every authorization of the patient with its visit
 * burn-down, newest start first.
 */
export function getPatientAuthorizations(patientId: number, signal?: AbortSignal) {
  return apiRequest<PatientAuthorization[]>(`/patientauthorization/find-by-patient/${patientId}`, { signal });
}

/** A failure is not retried when refused: the form then simply books without a diagnosis set. */
export function usePatientAuthorizations(patientId: number | null) {
  return useQuery({
    queryKey: bookingKeys.authorizations(patientId ?? 0),
    queryFn: ({ signal }) => getPatientAuthorizations(patientId as number, signal),
    enabled: patientId !== null,
    retry: retryUnlessRefused,
  });
}
