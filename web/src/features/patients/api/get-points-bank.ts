import { PATIENT_POINTS_REFRESH_MS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import type { PointsBank } from '@clinic/contract/points';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { withPatientFallback } from './patient-service-error';

export const pointsBankQueryKey = (patientId: number) => ['points-bank', patientId] as const;

export function getPointsBank(patientId: number, signal?: AbortSignal): Promise<PointsBank> {
  return withPatientFallback(
    apiRequest<PointsBank>(`/points-bank/${patientId}`, { signal }),
    MSG.patientFetchFailed,
  );
}

/** GET /points-bank/{patientId}, refreshed every 30 s while shown (spec §9). */
export function usePointsBank(patientId: number) {
  return useQuery({
    queryKey: pointsBankQueryKey(patientId),
    queryFn: ({ signal }) => getPointsBank(patientId, signal),
    retry: retryUnlessRefused,
    refetchInterval: PATIENT_POINTS_REFRESH_MS,
    staleTime: 0,
  });
}
