import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { authorizationKeys } from './authorization-keys';

/**
 * GET /diagnosisCombiner/auth/{authId}: the authorization's diagnosis and procedure sets, each code with
 * its description. An authorization may hold several combiners; one answer or a list is read as a list,
 * and none (404) as an empty one.
 */
export async function getAuthorizationCombiners(
  authId: number,
  signal?: AbortSignal,
): Promise<DiagnosisCombiner[]> {
  try {
    const answer = await apiRequest<DiagnosisCombiner | DiagnosisCombiner[] | undefined>(
      `/diagnosisCombiner/auth/${authId}`,
      { signal },
    );
    if (Array.isArray(answer)) return answer;
    return answer && typeof answer === 'object' ? [answer] : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useAuthorizationCombiners(authId: number) {
  return useQuery({
    queryKey: authorizationKeys.combiners(authId),
    queryFn: ({ signal }) => getAuthorizationCombiners(authId, signal),
  });
}
