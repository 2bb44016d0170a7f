import type { Promotion } from '@clinic/contract/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promotionKeys } from './promotion-keys';

/** PUT /api/promotions/{id}/status?status=: 0 hides it; 1 and above show it, in ascending order. */
export function updatePromotionStatus(id: number, status: number): Promise<Promotion> {
  return apiRequest<Promotion>(`/promotions/${id}/status`, { method: 'PUT', query: { status } });
}

export function useUpdatePromotionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) => updatePromotionStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
