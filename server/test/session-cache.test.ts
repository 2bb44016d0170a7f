import { SESSION_TOUCH_INTERVAL_MS } from '@clinic/contract/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/platform/auth/actor';
import { type CachedSession, SessionCache } from '../src/platform/auth/session-cache';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const whoAmI = (call: TestApp['call'], token: string) =>
  call({ method: 'GET', url: '/api/auth/check-auth', token });
const audit = (call: TestApp['call'], token: string) =>
  call({ method: 'GET', url: '/api/audit?limit=1', token });

async function sessionIdOf(token: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sid: string;
  };
  return payload.sid;
}

/** Revokes a session in the database with its announcement switched off: what only the cache can miss. */
async function revokeSilently(sessionId: string) {
  await t.database.db.transaction().execute(async (trx) => {
    await sql`alter table sessions disable trigger sessions_announce_change`.execute(trx);
    await trx.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).execute();
    await sql`alter table sessions enable trigger sessions_announce_change`.execute(trx);
  });
}

describe('checked sessions are remembered, and forgotten when the database announces a change', () => {
  it('a session in use is not read again on every request (a silent revocation goes unseen for a while)', async () => {
    const token = await t.login('frontdesk');
    expect((await whoAmI(t.call, token)).json()).toMatchObject({ authenticated: true });
    await revokeSilently(await sessionIdOf(token));
    // Served from memory: the proof that the request did not read the session row.
    expect((await whoAmI(t.call, token)).json()).toMatchObject({ authenticated: true });
  });

  it('a revocation the database announces refuses the session at once', async () => {
    const token = await t.login('frontdesk');
    expect((await whoAmI(t.call, token)).json()).toMatchObject({ authenticated: true });
    await t.database.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', await sessionIdOf(token))
      .execute();
    await t.syncSessions();
    expect((await whoAmI(t.call, token)).json()).toEqual({ authenticated: false });
  });

  it('logout refuses the token on the next request, without waiting for the announcement', async () => {
    const token = await t.login('patient');
    expect((await whoAmI(t.call, token)).json()).toMatchObject({ authenticated: true });
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    expect((await whoAmI(t.call, token)).json()).toEqual({ authenticated: false });
  });

  it("an account's new role applies to its sessions in use", async () => {
    const token = await t.login('manager');
    expect((await audit(t.call, token)).statusCode).toBe(403);
    await t.database.db
      .updateTable('users')
      .set({ role: 'ADMIN' })
      .where('username', '=', 'manager')
      .execute();
    await t.syncSessions();
    expect((await audit(t.call, token)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ role: 'MANAGER' })
      .where('username', '=', 'manager')
      .execute();
    await t.syncSessions();
    expect((await audit(t.call, token)).statusCode).toBe(403);
  });
});

describe.runIf(onServer)('two app instances on one PostgreSQL server', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a logout on one instance refuses the session on the other, which had it in memory', async () => {
    const token = await t.login('doctor');
    expect((await whoAmI(second.call, token)).json()).toMatchObject({ authenticated: true });
    expect((await whoAmI(second.call, token)).json()).toMatchObject({ authenticated: true });
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    await second.app.sessionCache.sync();
    expect((await whoAmI(second.call, token)).json()).toEqual({ authenticated: false });
  });

  it('an instance that loses its listening connection reads every session until it listens again', async () => {
    const token = await t.login('frontdesk');
    expect((await whoAmI(second.call, token)).json()).toMatchObject({ authenticated: true });
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query = 'listen clinic_sessions' and pid <> pg_backend_pid()`.execute(
      t.database.db,
    );
    await expect.poll(() => second.app.sessionCache.listening && t.app.sessionCache.listening).toBe(false);
    // Not listening: nothing is served from memory, so a silent revocation is seen at once.
    await revokeSilently(await sessionIdOf(token));
    expect((await whoAmI(second.call, token)).json()).toEqual({ authenticated: false });
    // And it listens again by itself.
    await expect
      .poll(() => second.app.sessionCache.listening && t.app.sessionCache.listening, { timeout: 15_000 })
      .toBe(true);
    const again = await t.login('frontdesk');
    expect((await whoAmI(second.call, again)).json()).toMatchObject({ authenticated: true });
  });
});

describe('SessionCache', () => {
  const actor = (sessionId: string, userId = 1): Actor => ({
    userId,
    username: `u${userId}`,
    role: 'FRONTDESK',
    patientId: null,
    doctorId: null,
    sessionId,
  });
  const entry = (sessionId: string, now: number, userId = 1): CachedSession => ({
    actor: actor(sessionId, userId),
    expiresAt: now + 3_600_000,
    lastSeenAt: now,
  });

  /** A cache on a fake channel: `announce` plays the database. */
  async function fakeCache(clock: { now: number }) {
    let deliver: (payload: string) => void = () => {};
    const cache = new SessionCache({
      now: () => clock.now,
      listen: async (_channel, onMessage) => {
        deliver = onMessage;
        return async () => {};
      },
    });
    await cache.start();
    return { cache, announce: (payload: string) => deliver(payload) };
  }

  it('keeps an entry until its use is due to be recorded again, or the session ends', async () => {
    const clock = { now: 1_000_000 };
    const { cache } = await fakeCache(clock);
    cache.put(cache.epoch(), entry('a', clock.now));
    cache.put(cache.epoch(), { ...entry('b', clock.now), expiresAt: clock.now + 1000 });
    clock.now += 1000;
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    clock.now += SESSION_TOUCH_INTERVAL_MS;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a read that an announcement overtook', async () => {
    const clock = { now: 1_000_000 };
    const { cache, announce } = await fakeCache(clock);
    const before = cache.epoch();
    announce('session:a');
    cache.put(before, entry('a', clock.now));
    expect(cache.get('a')).toBeUndefined();
  });

  it("drops every session of an account when the account changes, and no one else's", async () => {
    const clock = { now: 1_000_000 };
    const { cache, announce } = await fakeCache(clock);
    for (const [sid, user] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const) {
      cache.put(cache.epoch(), entry(sid, clock.now, user));
    }
    announce('user:1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.actor.userId]).toEqual([undefined, undefined, 2]);
  });

  it('remembers nothing without a way to listen', () => {
    const cache = new SessionCache();
    cache.put(cache.epoch(), entry('a', Date.now()));
    expect(cache.get('a')).toBeUndefined();
  });
});
