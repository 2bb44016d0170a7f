import { MSG } from '@clinic/contract/messages';
import type { PatientPage } from '@clinic/contract/patients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { withPatientFallback } from './patient-service-error';

export interface PatientListParams {
  /** First or last name prefix; blank for everyone. */
  q: string;
  /** 1-based. */
  page: number;
  size: number;
}

export const patientListQueryKey = (params: PatientListParams) => ['patients', 'list', params] as const;

/** GET /patientinfo/all?q=&page=&size=: one page, filtered on the server, with the number that match. */
export function listPatients(params: PatientListParams, signal?: AbortSignal): Promise<PatientPage> {
  return withPatientFallback(
    apiRequest<PatientPage>('/patientinfo/all', {
      query: { q: params.q.trim() || undefined, page: params.page, size: params.size },
      signal,
    }),
    MSG.patientSearchFailed,
  );
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function usePatientList(params: PatientListParams) {
  return useQuery({
    queryKey: patientListQueryKey(params),
    queryFn: ({ signal }) => listPatients(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
