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
 * One page of a list ordered newest first by an integer key (docs/architecture.md, Lists: by key, not by
 * offset). One row more than the page is fetched, so a next page is announced only when there is one.
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

/** A key of an instant and an id, for lists in time order (appointments by their start). */
export interface InstantIdKey {
  at: Date;
  id: number;
}

const INSTANT_ID_CURSOR = /^(\d{13,14})\.(\d{1,10})$/;

export const instantIdCursor: CursorCodec<InstantIdKey> = {
  encode: (key) => Buffer.from(`${key.at.getTime()}.${key.id}`).toString('base64url'),
  decode(cursor) {
    const match = INSTANT_ID_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!match) return null;
    const at = new Date(Number(match[1]));
    const id = Number(match[2]);
    return !Number.isNaN(at.getTime()) && id >= 1 && id <= 2147483647 ? { at, id } : null;
  },
};

/** A key of a unique text (a username), for lists in alphabetical order. */
export const textCursor: CursorCodec<string> = {
  encode: (key) => Buffer.from(key).toString('base64url'),
  decode(cursor) {
    const key = Buffer.from(cursor, 'base64url').toString('utf8');
    return key.length > 0 && key.length <= 200 && !key.includes('\u0000') ? key : null;
  },
};

/** A key of a person's name (lower case) and id, for lists in name order (patients by last, first name). */
export interface NameIdKey {
  last: string;
  first: string;
  id: number;
}

export const nameIdCursor: CursorCodec<NameIdKey> = {
  encode: (key) => Buffer.from(JSON.stringify([key.last, key.first, key.id])).toString('base64url'),
  decode(cursor) {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [last, first, id] = value as unknown[];
    if (typeof last !== 'string' || typeof first !== 'string' || !Number.isSafeInteger(id)) return null;
    if (last.length > 200 || first.length > 200 || last.includes('\u0000') || first.includes('\u0000'))
      return null;
    return (id as number) >= 1 && (id as number) <= 2147483647 ? { last, first, id: id as number } : null;
  },
};
