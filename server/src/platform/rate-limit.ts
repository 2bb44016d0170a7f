import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { tooManyRequests } from './errors';

/**
 * A route's `config.rateLimit` (the plugin is registered with global: false): at most `max` calls per client
 * address within the window, answered beyond that with the app's usual 429 `{ error, message }`. The counts
 * are kept in the database (sharedLimitStore), so every instance spends the same budget.
 */
export function perAddressRateLimit(
  max: number,
  timeWindowMs: number,
  options: { keyGenerator?: (request: FastifyRequest) => string } = {},
): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    errorResponseBuilder: () => tooManyRequests(),
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
  };
}

/** Rows of ended windows removed by each call, so the table stays small without a job. */
const SWEEP_BATCH = 100;
/** purpose and key are at most this long (request_limit_hits' checks); an address is far shorter. */
const TEXT_MAX = 200;

/**
 * @fastify/rate-limit's counter store, in PostgreSQL (request_limit_hits, migration 0030; docs/decisions/0056):
 * the per-address limits were counted in each process's memory, so two instances allowed twice the budget and
 * a restart gave it back. A route's calls count under its own purpose (method and path), as each route had its
 * own counter before. The window starts at a client's first call, as the plugin's memory store started it,
 * and `now` is the app's clock (tests move it instead of waiting).
 */
export function sharedLimitStore(
  db: Kysely<DB>,
  now: () => Date = () => new Date(),
): FastifyRateLimitStoreCtor {
  class SharedLimitStore implements FastifyRateLimitStore {
    readonly #purpose: string;

    // The plugin makes the root store with its options, then one child per limited route.
    constructor(_options: unknown, purpose = 'global') {
      this.#purpose = purpose.slice(0, TEXT_MAX);
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countCall(db, this.#purpose, String(key).slice(0, TEXT_MAX), now(), timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's limit options, the route itself under `routeInfo` (not as its types say).
    child(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new SharedLimitStore(undefined, `${method} ${route?.url ?? ''}`.trim() || 'global');
    }
  }
  return SharedLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Counts one call in one statement: a new window when the client has none or its window has ended, else one
 * more in the current one (the row lock of insert ... on conflict serialises concurrent calls on every
 * instance). Ended windows of any client go in the same statement, a batch at a time; rows another call is
 * removing or counting are skipped rather than waited for.
 */
async function countCall(
  db: Kysely<DB>,
  purpose: string,
  key: string,
  at: Date,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const ends = new Date(at.getTime() + windowMs);
  const { rows } = await sql<{ hits: number; expires_at: Date }>`
    with counted as (
      insert into request_limit_hits as h (purpose, key, window_start, expires_at, hits)
      values (${purpose}, ${key}, ${at}, ${ends}, 1)
      on conflict (purpose, key) do update set
        hits = case when h.expires_at <= excluded.window_start then 1 else h.hits + 1 end,
        window_start = case when h.expires_at <= excluded.window_start then excluded.window_start else h.window_start end,
        expires_at = case when h.expires_at <= excluded.window_start then excluded.expires_at else h.expires_at end
      returning h.hits, h.expires_at
    ), swept as (
      delete from request_limit_hits where (purpose, key) in (
        select purpose, key from request_limit_hits
        where expires_at < ${at} and not (purpose = ${purpose} and key = ${key})
        limit ${SWEEP_BATCH} for update skip locked)
    )
    select hits, expires_at from counted`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the request limit was not counted');
  return { current: row.hits, ttl: Math.max(0, new Date(row.expires_at).getTime() - at.getTime()) };
}
