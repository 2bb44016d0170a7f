import type { AuthorizationBody, PatientAuthorization } from '@clinic/contract/authorizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { AUTHORIZATIONS_KEY } from './authorization-keys';

/** POST /patientauthorization/add (ADMIN, MANAGER): answers the new authorization. */
export function addAuthorization(body: AuthorizationBody) {
  return apiRequest<PatientAuthorization>('/patientauthorization/add', { method: 'POST', body });
}

export function useAddAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAuthorization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
  });
}
