import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

/** DELETE /api/content/deleteContent/{id}. */
export async function deleteContent(id: number): Promise<void> {
  await apiRequest<unknown>(`/content/deleteContent/${id}`, { method: 'DELETE' });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: contentKeys.item(id) });
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
