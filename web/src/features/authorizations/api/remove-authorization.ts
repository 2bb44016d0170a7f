import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { AUTHORIZATIONS_KEY, authorizationKeys } from './authorization-keys';

/** DELETE /patientauthorization/remove/{id} (ADMIN): 204; its diagnosis sets go with it. */
export function removeAuthorization(authId: number) {
  return apiRequest<void>(`/patientauthorization/remove/${authId}`, { method: 'DELETE' });
}

export function useRemoveAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAuthorization,
    onSuccess: (_answer, authId) => {
      queryClient.removeQueries({ queryKey: authorizationKeys.combiners(authId) });
      return queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY });
    },
  });
}
