import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { getKeyPage, nextPageParam } from './key-page';

describe('key pages', () => {
  it('reads the next page parameter from the rel="next" entry of a Link header', () => {
    expect(nextPageParam('</api/ratings/all?limit=25&cursor=abc%3D%3D>; rel="next"', 'cursor')).toBe('abc==');
    expect(nextPageParam('</a?cursor=1>; rel="prev", </a?cursor=2>; rel="next"', 'cursor')).toBe('2');
    expect(nextPageParam('</a?cursor=1>; rel="prev"', 'cursor')).toBeNull();
    expect(nextPageParam('</a?before=9>; rel="next"', 'cursor')).toBeNull();
    expect(nextPageParam(null, 'cursor')).toBeNull();
    expect(nextPageParam('</api/inventory/all?before=42&limit=50>; rel="next"', 'before')).toBe('42');
    expect(nextPageParam('</a?limit=5&before=9>; rel=next', 'before')).toBe('9');
  });

  it('returns the items, the X-Total-Count and the next cursor; a missing count is null', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify([{ id: 1 }]), {
          headers: {
            'Content-Type': 'application/json',
            'X-Total-Count': '41',
            Link: '</api/x?cursor=n2>; rel="next"',
          },
        }),
    );
    expect(await getKeyPage('/x', { cursorParam: 'cursor' })).toEqual({
      items: [{ id: 1 }],
      total: 41,
      nextCursor: 'n2',
    });
    mockFetch(() => jsonResponse([]));
    expect(await getKeyPage('/x', { cursorParam: 'cursor' })).toEqual({
      items: [],
      total: null,
      nextCursor: null,
    });
  });
});
