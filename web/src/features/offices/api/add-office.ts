import type { Office, OfficeAddBody } from '@clinic/contract/offices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OFFICES_KEY } from './office-keys';

/** POST /office/add (ADMIN, MANAGER). */
export function addOffice(body: OfficeAddBody): Promise<Office> {
  return apiRequest<Office>('/office/add', { method: 'POST', body });
}

export function useAddOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOffice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFICES_KEY }),
  });
}
