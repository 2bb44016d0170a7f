import type { Promotion } from '@clinic/contract/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promotionKeys } from './promotion-keys';

/** GET /api/promotions/all: for managers every promotion, hidden ones too, newest first. */
export function listPromotions(signal?: AbortSignal): Promise<Promotion[]> {
  return apiRequest<Promotion[]>('/promotions/all', { signal });
}

export function usePromotions() {
  return useQuery({ queryKey: promotionKeys.managed, queryFn: ({ signal }) => listPromotions(signal) });
}
