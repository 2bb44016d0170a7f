import type { AuthorizationBody, PatientAuthorization } from '@clinic/contract/authorizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { AUTHORIZATIONS_KEY } from './authorization-keys';

/** PUT /patientauthorization/edit/{id} (ADMIN): answers the authorization as saved. */
export function editAuthorization(authId: number, body: AuthorizationBody) {
  return apiRequest<PatientAuthorization>(`/patientauthorization/edit/${authId}`, { method: 'PUT', body });
}

export function useEditAuthorization(authId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthorizationBody) => editAuthorization(authId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
  });
}
