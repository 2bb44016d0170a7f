import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

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

export interface CursorPageQuery {
  limit?: number | undefined;
  /** The opaque key of the previous page's last row, as the previous answer's `Link` gave it. */
  cursor?: string | undefined;
}

export interface CursorPage<T> {
  items: T[];
  /** The cursor of the next page, or null when this page is the last. */
  nextCursor: string | null;
  limit: number;
}

/** How a list's composite key travels in `?cursor=`: opaque to clients, checked when it comes back. */
export interface CursorCodec<K> {
  encode(key: K): string;
  /** The key, or null when the cursor was not made by encode. */
  decode(cursor: string): K | null;
}

/**
 * One page of a list ordered by a composite key (e.g. a date, then the id), for lists whose order is not
 * the id's. The cursor is the last row's key; a cursor that is not one of ours is a 400.
 */
export async function pageByCursor<T, K>(
  query: CursorPageQuery,
  codec: CursorCodec<K>,
  fetch: (after: K | undefined, take: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  defaultLimit = PAGE_SIZE_DEFAULT,
): Promise<CursorPage<T>> {
  const limit = query.limit ?? defaultLimit;
  let after: K | undefined;
  if (query.cursor !== undefined) {
    const key = codec.decode(query.cursor);
    if (key === null) throw badRequest('cursor is not valid; start again from the first page.');
    after = key;
  }
  const rows = await fetch(after, limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const more = rows.length > limit && last !== undefined;
  return { items, nextCursor: more ? codec.encode(keyOf(last)) : null, limit };
}

/**
 * The page's items as the answer, the next page's address in a `Link` header: the same path and filters,
 * with the next cursor and the page size.
 */
export function sendCursorPage<T>(request: FastifyRequest, reply: FastifyReply, page: CursorPage<T>): T[] {
  if (page.nextCursor !== null) {
    const [path, search] = request.url.split('?');
    const params = new URLSearchParams(search ?? '');
    params.delete('cursor');
    params.set('limit', String(page.limit));
    params.set('cursor', page.nextCursor);
    reply.header('link', `<${path}?${params.toString()}>; rel="next"`);
  }
  return page.items;
}

/** A key of a date (yyyy-mm-dd) and an id, for lists newest date first, then newest id. */
export interface DateIdKey {
  date: string;
  id: number;
}

const DATE_ID_CURSOR = /^(\d{4}-\d{2}-\d{2})\.(\d{1,10})$/;

export const dateIdCursor: CursorCodec<DateIdKey> = {
  encode: (key) => Buffer.from(`${key.date}.${key.id}`).toString('base64url'),
  decode(cursor) {
    const match = DATE_ID_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!match) return null;
    const id = Number(match[2]);
    return id >= 1 && id <= 2147483647 ? { date: match[1]!, id } : null;
  },
};
