import {
  INACTIVITY_LOGOUT_MS,
  PATIENT_SESSION_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The session row behind the newest sign-in of a user. */
async function latestSession(username: string) {
  return t.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .where('users.username', '=', username)
    .orderBy('sessions.created_at', 'desc')
    .executeTakeFirstOrThrow();
}

async function setLastSeen(sessionId: string, msAgo: number) {
  await t.database.db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(Date.now() - msAgo) })
    .where('id', '=', sessionId)
    .execute();
  await t.syncSessions();
}

const whoAmI = (token: string) => t.call({ method: 'GET', url: '/api/auth/get-role/frontdesk', token });

describe('server-side session lifetime (spec §4, §9)', () => {
  it('a patient session ends 30 minutes after sign-in', async () => {
    await t.login('patient');
    const session = await latestSession('patient');
    const lifetime = session.expires_at.getTime() - session.created_at.getTime();
    expect(Math.abs(lifetime - PATIENT_SESSION_MS)).toBeLessThan(2000);
  });

  it('a session unused for longer than the inactivity limit is refused with the expiry message', async () => {
    const token = await t.login('frontdesk');
    const session = await latestSession('frontdesk');
    await setLastSeen(session.id, INACTIVITY_LOGOUT_MS + SESSION_TOUCH_INTERVAL_MS + 1000);
    const res = await whoAmI(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
    // It stays refused: using it does not revive it.
    expect((await whoAmI(token)).statusCode).toBe(401);
  });

  it('is never stricter than the web app: a session idle for just under 5 minutes still works', async () => {
    const token = await t.login('frontdesk');
    const session = await latestSession('frontdesk');
    await setLastSeen(session.id, INACTIVITY_LOGOUT_MS - 5000);
    expect((await whoAmI(token)).statusCode).toBe(200);
  });

  it('records use at most once a minute', async () => {
    const token = await t.login('frontdesk');
    const session = await latestSession('frontdesk');

    await setLastSeen(session.id, 20_000);
    const recent = (await latestSession('frontdesk')).last_seen_at.getTime();
    expect((await whoAmI(token)).statusCode).toBe(200);
    expect((await latestSession('frontdesk')).last_seen_at.getTime()).toBe(recent);

    await setLastSeen(session.id, 3 * 60_000);
    expect((await whoAmI(token)).statusCode).toBe(200);
    const touched = (await latestSession('frontdesk')).last_seen_at.getTime();
    expect(Date.now() - touched).toBeLessThan(10_000);
  });

  it('check-auth (the web app reports activity with it) keeps a session alive and tells when it is gone', async () => {
    const token = await t.login('patient2');
    const session = await latestSession('patient2');
    await setLastSeen(session.id, 4 * 60_000);
    const alive = await t.call({ method: 'GET', url: '/api/auth/check-auth', token });
    expect(alive.json()).toMatchObject({ authenticated: true, username: 'patient2' });
    expect(Date.now() - (await latestSession('patient2')).last_seen_at.getTime()).toBeLessThan(10_000);

    await setLastSeen(session.id, 10 * 60_000);
    const gone = await t.call({ method: 'GET', url: '/api/auth/check-auth', token });
    expect(gone.json()).toEqual({ authenticated: false });
  });
});
