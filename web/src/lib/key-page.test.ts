import { describe, expect, it } from 'vitest';
import { nextBeforeOf } from './key-page';

describe('nextBeforeOf', () => {
  it('reads the key of the next page from a Link header', () => {
    expect(nextBeforeOf('</api/inventory/all?before=42&limit=50>; rel="next"')).toBe(42);
    expect(nextBeforeOf('</a?before=1>; rel="prev", </a?limit=5&before=9>; rel=next')).toBe(9);
  });

  it('is null on the last page or for a link without a key', () => {
    expect(nextBeforeOf(null)).toBeNull();
    expect(nextBeforeOf('')).toBeNull();
    expect(nextBeforeOf('</a?before=1>; rel="prev"')).toBeNull();
    expect(nextBeforeOf('</a?before=x>; rel="next"')).toBeNull();
  });
});
