/*
 * Promotion status (spec §3, §4; docs/decisions/0009-promotion-status.md), without schemas so that the web
 * app can use the rules without the schema library.
 *
 * Status is a number, 1 on creation. 0 means hidden: the promotion is kept for later but the public never
 * sees it. 1 and above mean shown, and the number is the position in the home carousel (ascending; equal
 * numbers fall back to creation order).
 */
export const PROMOTION_STATUS_HIDDEN = 0;
export const PROMOTION_STATUS_ON_CREATE = 1;
export const PROMOTION_STATUS_MAX = 999;

export const PROMOTION_TITLE_MAX = 120;
export const PROMOTION_DESCRIPTION_MAX = 1000;

/** Whether a value is a status the server accepts: a whole number from 0 to PROMOTION_STATUS_MAX. */
export function isAllowedPromotionStatus(status: number): boolean {
  return Number.isInteger(status) && status >= PROMOTION_STATUS_HIDDEN && status <= PROMOTION_STATUS_MAX;
}

/** A status from text ('3'): the number, or null unless it is a plain whole number from 0 to the maximum. */
export function parsePromotionStatus(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const status = Number(text.trim());
  return isAllowedPromotionStatus(status) ? status : null;
}

/** Whether the public (and the home carousel) sees a promotion with this status. */
export function isShownPromotionStatus(status: number): boolean {
  return Number.isInteger(status) && status > PROMOTION_STATUS_HIDDEN;
}

/** The order of the carousel: shown promotions only, ascending by status, then by id. */
export function carouselOrder<T extends { id: number; status: number }>(promotions: readonly T[]): T[] {
  return promotions
    .filter((promotion) => isShownPromotionStatus(promotion.status))
    .sort((a, b) => a.status - b.status || a.id - b.id);
}

/** How a status reads for people (the management list). */
export function promotionStatusLabel(status: number): string {
  return isShownPromotionStatus(status) ? `Shown (position ${status})` : 'Hidden';
}
