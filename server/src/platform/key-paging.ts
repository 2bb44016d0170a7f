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

/** A list read oldest first by its key (`?after=`), such as the points banks by id. */
export interface AfterKeyQuery {
  limit?: number | undefined;
  /** Only rows whose key is above this one (the previous page's last key). */
  after?: number | undefined;
}

export interface AfterKeyPage<T> {
  items: T[];
  /** The key to ask for the next page with (`?after=`), or null when this page is the last. */
  nextAfter: number | null;
  limit: number;
}

/** The page out of one row more than it holds: the extra row only says that a next page exists. */
function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last !== undefined ? keyOf(last) : null, limit };
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
  const { items, next } = pageOf(await fetch(query.before, limit + 1), limit, keyOf);
  return { items, nextBefore: next, limit };
}

/** One page of a list ordered oldest first by an integer key, as pageByKey does newest first. */
export async function pageAfterKey<T>(
  query: AfterKeyQuery,
  fetch: (after: number | undefined, take: number) => Promise<T[]>,
  keyOf: (row: T) => number,
): Promise<AfterKeyPage<T>> {
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  const { items, next } = pageOf(await fetch(query.after, limit + 1), limit, keyOf);
  return { items, nextAfter: next, limit };
}

/**
 * The page's items as the answer (the spec's plain array), the next page's address in a `Link` header. The
 * address keeps the call's other query parameters (its filters), then names the key and the limit.
 */
export function sendKeyPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeyPage<T> | AfterKeyPage<T>,
): T[] {
  const [keyName, key] = 'nextAfter' in page ? ['after', page.nextAfter] : ['before', page.nextBefore];
  if (key !== null) {
    const [path, search] = request.url.split('?');
    const params = new URLSearchParams(search);
    for (const name of ['before', 'after', 'limit']) params.delete(name);
    params.append(keyName, String(key));
    params.append('limit', String(page.limit));
    reply.header('link', `<${path}?${params.toString()}>; rel="next"`);
  }
  return page.items;
}
