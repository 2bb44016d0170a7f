import type { FastifyReply, FastifyRequest } from 'fastify';

/** The page size of a list route when the caller names none (its maximum is in the route's schema). */
export const PAGE_SIZE_DEFAULT = 50;

export interface KeyPageQuery {
  limit?: number | undefined;
  /** Only rows whose key is below this one (the previous page's last key). */
  before?: number | undefined;
}

export interface KeyPage<T> {
  items: T[];
  /** The key to ask for the next page with (`?before=`), or null when this page is the last. */
  nextBefore: number | null;
  limit: number;
}

/**
 * One page of a list ordered newest first by an integer key (DESIGN.md, Lists: by key, not by offset).
 * One row more than the page is fetched, so a next page is announced only when there is one.
 */
export async function pageByKey<T>(
  query: KeyPageQuery,
  fetch: (before: number | undefined, take: number) => Promise<T[]>,
  keyOf: (row: T) => number,
): Promise<KeyPage<T>> {
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  const rows = await fetch(query.before, limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextBefore: rows.length > limit && last !== undefined ? keyOf(last) : null, limit };
}

/** The page's items as the answer (the spec's plain array), the next page's address in a `Link` header. */
export function sendKeyPage<T>(request: FastifyRequest, reply: FastifyReply, page: KeyPage<T>): T[] {
  if (page.nextBefore !== null) {
    const path = request.url.split('?')[0];
    reply.header('link', `<${path}?before=${page.nextBefore}&limit=${page.limit}>; rel="next"`);
  }
  return page.items;
}
