import type { Office, OfficeUpdateBody } from '@clinic/contract/offices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OFFICES_KEY } from './office-keys';

/** PUT /office/update/{id} (ADMIN, MANAGER, DOCTOR for their own office). */
export function updateOffice(officeId: number, body: OfficeUpdateBody): Promise<Office> {
  return apiRequest<Office>(`/office/update/${officeId}`, { method: 'PUT', body });
}

export function useUpdateOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ officeId, body }: { officeId: number; body: OfficeUpdateBody }) =>
      updateOffice(officeId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFICES_KEY }),
  });
}
