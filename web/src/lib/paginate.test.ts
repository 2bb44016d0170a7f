import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

const numbers = Array.from({ length: 23 }, (_, i) => i + 1);

describe('paginate', () => {
  it('cuts a list into pages of the given size', () => {
    expect(paginate(numbers, 1, 10)).toMatchObject({
      items: numbers.slice(0, 10),
      page: 1,
      pageCount: 3,
      first: 1,
      last: 10,
      total: 23,
    });
    expect(paginate(numbers, 3, 10)).toMatchObject({ items: [21, 22, 23], page: 3, first: 21, last: 23 });
  });

  it('clamps the page into range, so a shrinking list never shows an empty page', () => {
    expect(paginate(numbers, 9, 10).page).toBe(3);
    expect(paginate(numbers, 0, 10).page).toBe(1);
    expect(paginate(numbers, Number.NaN, 10).page).toBe(1);
    expect(paginate(numbers.slice(0, 4), 3, 10)).toMatchObject({ page: 1, items: [1, 2, 3, 4] });
  });

  it('an empty list is one empty page', () => {
    expect(paginate([], 1, 9)).toEqual({ items: [], page: 1, pageCount: 1, first: 0, last: 0, total: 0 });
  });
});
