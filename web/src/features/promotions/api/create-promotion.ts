import type { NewPromotionBody, Promotion } from '@clinic/contract/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promotionKeys } from './promotion-keys';

/** POST /api/promotions/add: a new promotion, status 1 (shown first). */
export function createPromotion(body: NewPromotionBody): Promise<Promotion> {
  return apiRequest<Promotion>('/promotions/add', { method: 'POST', body });
}

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
