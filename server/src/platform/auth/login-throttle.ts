import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Slows password guessing without letting a guesser lock real people out (docs/decisions/0033, which replaces
 * 0004). Counters live in PostgreSQL, so every app instance sees the same ones.
 *
 * Three counters, each progressive: after `free` failures the next attempt waits `base`, then twice that per
 * further failure, up to a cap; a counter is forgotten an hour after its last failure.
 * - pair (username from one address): guessing one account from one place;
 * - account (username from anywhere): guessing one account from many places;
 * - address (any username from one address): one machine spraying many accounts.
 * An address the account has signed in from before ("known") is held back by the pair counter only: someone
 * guessing elsewhere cannot lock a patient out of their own account, and a sprayer behind a clinic's shared
 * address cannot lock its staff out of theirs.
 */
export interface ThrottleRule {
  /** Failures allowed before a delay starts. */
  free: number;
  /** The first delay; each further failure doubles it. */
  baseMs: number;
}

export interface ThrottleLimits {
  pair: ThrottleRule;
  account: ThrottleRule;
  address: ThrottleRule;
  capMs: number;
  /** A counter starts again from 1 when its last failure is older than this. */
  forgetAfterMs: number;
  /** How long a successful sign-in makes an address known for its account. */
  knownForMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  pair: { free: 5, baseMs: 30_000 },
  account: { free: 10, baseMs: 30_000 },
  address: { free: 30, baseMs: 30_000 },
  capMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  knownForMs: 90 * 24 * 3600_000,
};

type Scope = 'pair' | 'account' | 'address';

/** Expired rows removed per write, so the tables stay small without a job. */
const CLEANUP_BATCH = 100;
const USERNAME_MAX = 100;

const normalUsername = (username: string) => username.trim().toLowerCase().slice(0, USERNAME_MAX);

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** How long this username from this address must wait before trying again; 0 when it may try now. */
  async retryAfterMs(username: string, address: string): Promise<number> {
    const user = normalUsername(username);
    const now = this.now();
    const [blocks, known] = await Promise.all([
      this.db
        .selectFrom('sign_in_failures')
        .select(['scope', 'blocked_until'])
        .where('blocked_until', '>', now)
        .where((eb) =>
          eb.or(
            this.#keys(user, address).map(([scope, key]) =>
              eb.and([eb('scope', '=', scope), eb('key', '=', key)]),
            ),
          ),
        )
        .execute(),
      this.#isKnown(user, address, now),
    ]);
    let wait = 0;
    for (const block of blocks) {
      if (known && block.scope !== 'pair') continue;
      wait = Math.max(wait, block.blocked_until.getTime() - now.getTime());
    }
    return wait;
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const user = normalUsername(username);
    const now = this.now();
    const forgetBefore = new Date(now.getTime() - this.limits.forgetAfterMs);
    for (const [scope, key] of this.#keys(user, address)) {
      const { free, baseMs } = this.limits[scope];
      // The new count, then its delay: none below `free`, else base * 2^(count - free), capped.
      const count = sql<number>`case when f.last_failure_at < ${forgetBefore} then 1 else f.failures + 1 end`;
      const delayMs = (n: typeof count | number) =>
        sql`(case when (${n})::int >= ${free}::int
              then least(${this.limits.capMs}::float8, ${baseMs}::float8 * power(2::float8, (${n})::int - ${free}::int))
              else 0 end) * interval '1 millisecond'`;
      await sql`
        insert into sign_in_failures as f (scope, key, failures, last_failure_at, blocked_until)
        values (${scope}, ${key}, 1, ${now}, ${now}::timestamptz + ${delayMs(1)})
        on conflict (scope, key) do update set
          failures = ${count},
          last_failure_at = excluded.last_failure_at,
          blocked_until = greatest(f.blocked_until, excluded.last_failure_at + ${delayMs(count)})`.execute(
        this.db,
      );
    }
    await sql`
      delete from sign_in_failures where (scope, key) in (
        select scope, key from sign_in_failures
        where last_failure_at < ${forgetBefore} and blocked_until < ${now}
        limit ${CLEANUP_BATCH})`.execute(this.db);
  }

  /** A correct password: the pair starts again, and the address becomes known for the account. */
  async recordSuccess(username: string, address: string): Promise<void> {
    const user = normalUsername(username);
    const now = this.now();
    await this.db
      .deleteFrom('sign_in_failures')
      .where('scope', '=', 'pair')
      .where('key', '=', pairKey(user, address))
      .execute();
    await this.db
      .insertInto('sign_in_known_addresses')
      .values({ username: user, address, last_success_at: now })
      .onConflict((oc) => oc.columns(['username', 'address']).doUpdateSet({ last_success_at: now }))
      .execute();
    const stale = new Date(now.getTime() - this.limits.knownForMs);
    await sql`
      delete from sign_in_known_addresses where (username, address) in (
        select username, address from sign_in_known_addresses where last_success_at < ${stale} limit ${CLEANUP_BATCH})`.execute(
      this.db,
    );
  }

  #keys(user: string, address: string): [Scope, string][] {
    return [
      ['pair', pairKey(user, address)],
      ['account', user],
      ['address', address],
    ];
  }

  async #isKnown(user: string, address: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('sign_in_known_addresses')
      .select('last_success_at')
      .where('username', '=', user)
      .where('address', '=', address)
      .where('last_success_at', '>', new Date(now.getTime() - this.limits.knownForMs))
      .executeTakeFirst();
    return row !== undefined;
  }
}

const pairKey = (user: string, address: string) => `${user}|${address}`;
