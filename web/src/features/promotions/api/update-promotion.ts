import type { Promotion, UpdatePromotionBody } from '@clinic/contract/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promotionKeys } from './promotion-keys';

/** PUT /api/promotions/{id}: title, description, picture (and status). */
export function updatePromotion(id: number, body: UpdatePromotionBody): Promise<Promotion> {
  return apiRequest<Promotion>(`/promotions/${id}`, { method: 'PUT', body });
}

export function useUpdatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePromotionBody }) => updatePromotion(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
