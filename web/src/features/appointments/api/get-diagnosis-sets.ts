import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { bookingKeys } from './appointment-keys';

/** GET /diagnosisCombiner/auth/{authId}: an authorization's diagnosis sets, each code with its description. */
export function getDiagnosisSets(authId: number, signal?: AbortSignal) {
  return apiRequest<DiagnosisCombiner[]>(`/diagnosisCombiner/auth/${authId}`, { signal });
}

export interface DiagnosisSets {
  /** The sets of the authorizations that answered, in the order of the ids asked for. */
  sets: DiagnosisCombiner[];
  /** Every call has answered or failed (a failed one just contributes no sets). */
  settled: boolean;
}

function combine(results: UseQueryResult<DiagnosisCombiner[]>[]): DiagnosisSets {
  return { sets: results.flatMap((r) => r.data ?? []), settled: results.every((r) => !r.isPending) };
}

/** One call per authorization; a patient usually has one or two that matter at a time. */
export function useDiagnosisSets(authIds: readonly number[]): DiagnosisSets {
  return useQueries({
    queries: authIds.map((authId) => ({
      queryKey: bookingKeys.diagnosisSets(authId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getDiagnosisSets(authId, signal),
      retry: retryUnlessRefused,
    })),
    combine,
  });
}
