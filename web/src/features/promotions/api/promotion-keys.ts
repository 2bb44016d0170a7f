/**
 * Query keys of promotions. Writes invalidate promotionKeys.all (['promotions']), which also covers the
 * home carousel's ['promotions', 'sorted'].
 */
export const promotionKeys = {
  all: ['promotions'] as const,
  managed: ['promotions', 'all'] as const,
};
