import type { PatientAuthorization } from '@clinic/contract/authorizations';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { authorizationKeys } from './authorization-keys';

/** GET /patientauthorization/find-by-patient/{id}, with each one's visit burn-down; none is an empty list. */
export async function getPatientAuthorizations(
  patientId: number,
  signal?: AbortSignal,
): Promise<PatientAuthorization[]> {
  try {
    const list = await apiRequest<PatientAuthorization[]>(
      `/patientauthorization/find-by-patient/${patientId}`,
      { signal },
    );
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function usePatientAuthorizations(patientId: number) {
  return useQuery({
    queryKey: authorizationKeys.ofPatient(patientId),
    queryFn: ({ signal }) => getPatientAuthorizations(patientId, signal),
  });
}
