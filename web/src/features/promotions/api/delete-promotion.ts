import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promotionKeys } from './promotion-keys';

/** DELETE /api/promotions/{id}. */
export async function deletePromotion(id: number): Promise<void> {
  await apiRequest<unknown>(`/promotions/${id}`, { method: 'DELETE' });
}

export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
