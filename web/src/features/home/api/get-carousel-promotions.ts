import type { Promotion } from '@clinic/contract/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/promotions/sorted: the shown promotions, ascending by status (docs/decisions/0009). The key
 * starts with 'promotions' so that the promotion manager's writes (which invalidate ['promotions'])
 * refresh the carousel too.
 */
export const carouselPromotionsKey = ['promotions', 'sorted'] as const;

export async function getCarouselPromotions(signal?: AbortSignal): Promise<Promotion[]> {
  // An empty answer means no promotions.
  return (await apiRequest<Promotion[] | undefined>('/promotions/sorted', { signal })) ?? [];
}

export function useCarouselPromotions() {
  return useQuery({
    queryKey: carouselPromotionsKey,
    queryFn: ({ signal }) => getCarouselPromotions(signal),
    // A failed load shows 'No Active Promotions' (spec §8); one quick retry is enough.
    retry: 1,
  });
}
