import { describe, expect, it } from 'vitest';
import {
  carouselOrder,
  isAllowedPromotionStatus,
  isShownPromotionStatus,
  parsePromotionStatus,
  promotionStatusLabel,
} from './promotion-status';

describe('promotion status rules', () => {
  it('allows whole numbers from 0 to 999', () => {
    for (const ok of [0, 1, 2, 500, 999]) expect(isAllowedPromotionStatus(ok), String(ok)).toBe(true);
    for (const bad of [-1, 1000, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isAllowedPromotionStatus(bad), String(bad)).toBe(false);
    }
  });

  it('0 is hidden, 1 and above are shown', () => {
    expect(isShownPromotionStatus(0)).toBe(false);
    expect(isShownPromotionStatus(1)).toBe(true);
    expect(isShownPromotionStatus(999)).toBe(true);
    expect(promotionStatusLabel(0)).toBe('Hidden');
    expect(promotionStatusLabel(3)).toBe('Shown (position 3)');
  });

  it('parses only plain whole numbers from text', () => {
    expect(parsePromotionStatus('0')).toBe(0);
    expect(parsePromotionStatus(' 12 ')).toBe(12);
    expect(parsePromotionStatus('999')).toBe(999);
    for (const bad of ['', ' ', '-1', '1000', '1.5', '1e2', '0x10', 'abc', '2a']) {
      expect(parsePromotionStatus(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('the carousel shows shown promotions ascending by status, ties by id', () => {
    const list = [
      { id: 1, status: 3 },
      { id: 2, status: 0 },
      { id: 3, status: 1 },
      { id: 4, status: 3 },
      { id: 5, status: 2 },
    ];
    expect(carouselOrder(list).map((p) => p.id)).toEqual([3, 5, 1, 4]);
    expect(list.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
