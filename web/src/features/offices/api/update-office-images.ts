import type { Office } from '@clinic/contract/offices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OFFICES_KEY } from './office-keys';

/** PUT /office/{id}/update/images: the office's whole image list (stored file names, first = preview). */
export function updateOfficeImages(officeId: number, images: readonly string[]): Promise<Office> {
  return apiRequest<Office>(`/office/${officeId}/update/images`, { method: 'PUT', body: images });
}

export function useUpdateOfficeImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ officeId, images }: { officeId: number; images: readonly string[] }) =>
      updateOfficeImages(officeId, images),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFICES_KEY }),
  });
}
