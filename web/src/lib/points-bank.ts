import { PATIENT_POINTS_REFRESH_MS } from '@clinic/contract/constants';
import type { PointsBank } from '@clinic/contract/points';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from './api-client';

/**
 * A patient's points bank, read by the dashboard's points panel, the rewards shop and the receipts page
 * (so it lives here, not in one feature). A purchase or an adjustment invalidates pointsBankKeys.all.
 */
export const pointsBankKeys = {
  all: ['points-bank'] as const,
  of: (patientId: number) => ['points-bank', patientId] as const,
};

export function getPointsBank(patientId: number, signal?: AbortSignal): Promise<PointsBank> {
  return apiRequest<PointsBank>(`/points-bank/${patientId}`, { signal });
}

/** GET /points-bank/{patientId}, refreshed every 30 s while shown (spec §9); null waits for an id. */
export function usePointsBank(patientId: number | null) {
  return useQuery({
    queryKey: pointsBankKeys.of(patientId ?? 0),
    queryFn: ({ signal }) => getPointsBank(patientId as number, signal),
    enabled: patientId !== null,
    retry: retryUnlessRefused,
    refetchInterval: PATIENT_POINTS_REFRESH_MS,
    staleTime: 0,
  });
}
