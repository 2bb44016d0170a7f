import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Walks a list paged by key from `path?limit=` to its last page, following `Link: <...>; rel="next"`, and
 * checks each link names the page's last key (as `keyParam`, 'before' or 'after') with the same limit and
 * the path's own query (a filter such as `?available=true`). Returns the keys of every page, in order, and
 * the number of pages.
 */
export async function walkKeyPages(
  get: (url: string) => Promise<LightMyRequestResponse>,
  path: string,
  key: string,
  limit: number,
  keyParam: 'before' | 'after' = 'before',
): Promise<{ keys: number[]; pages: number }> {
  const keys: number[] = [];
  let pages = 0;
  const joiner = path.includes('?') ? '&' : '?';
  let url: string | undefined = `${path}${joiner}limit=${limit}`;
  while (url) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const page = (res.json() as Record<string, unknown>[]).map((item) => item[key] as number);
    expect(page.length).toBeLessThanOrEqual(limit);
    keys.push(...page);
    pages++;
    const link = res.headers.link as string | undefined;
    if (link) expect(link).toBe(`<${path}${joiner}${keyParam}=${page.at(-1)}&limit=${limit}>; rel="next"`);
    url = link?.match(/^<([^>]+)>; rel="next"$/)?.[1];
  }
  return { keys, pages };
}
