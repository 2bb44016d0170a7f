import { type AuthorizationWorklistItem, WORKLIST_MAX_ROWS } from '@clinic/contract/authorizations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authorizationKeys, type WorklistFilters } from './authorization-keys';

/**
 * GET /patientauthorization/worklist?days=&visitsLeft=&limit= (ADMIN, MANAGER, FRONTDESK): active
 * authorizations ending within `days` days or with `visitsLeft` or fewer visits left, soonest end first.
 */
export function getAuthorizationWorklist(filters: WorklistFilters, signal?: AbortSignal) {
  return apiRequest<AuthorizationWorklistItem[]>('/patientauthorization/worklist', {
    query: { ...filters, limit: WORKLIST_MAX_ROWS },
    signal,
  });
}

/** While other filters load, the rows of the previous ones stay on screen. */
export function useAuthorizationWorklist(filters: WorklistFilters) {
  return useQuery({
    queryKey: authorizationKeys.worklist(filters),
    queryFn: ({ signal }) => getAuthorizationWorklist(filters, signal),
    placeholderData: keepPreviousData,
  });
}
