import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

/**
 * Issue 12, item 3: every sign-in, sign-out and password reset leaves an audit row that names the account
 * (the username that was tried, and the account it matched) and the outcome. Rows are written before the
 * answer leaves (onSend), so each is there when its call returns.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userIdOf = async (username: string) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

/** The newest audit row of an action, after the call made it. */
const lastRow = (action: 'login' | 'logout' | 'reset', app: TestApp = t) =>
  app.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const signIn = (url: string, username: string, password: string, remoteAddress = '203.0.113.60') =>
  t.call({ method: 'POST', url, payload: { username, password }, remoteAddress });

describe('sign-in rows name the account and the outcome', () => {
  it('a successful staff sign-in names who signed in', async () => {
    expect((await signIn('/api/auth/login', 'manager', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await lastRow('login')).toMatchObject({
      resource: 'staff-session',
      actor_user_id: await userIdOf('manager'),
      actor_username: 'manager',
      actor_role: 'MANAGER',
      outcome: 'success',
      ip: '203.0.113.60',
    });
  });

  it('a wrong password names the account it was tried on', async () => {
    expect((await signIn('/api/patientinfo/login', 'patient2', 'not-the-password')).statusCode).toBe(401);
    expect(await lastRow('login')).toMatchObject({
      resource: 'patient-session',
      actor_user_id: await userIdOf('patient2'),
      actor_username: 'patient2',
      actor_role: 'PATIENT',
      outcome: 'denied',
    });
  });

  it('an unknown username is recorded as typed, with no account', async () => {
    expect((await signIn('/api/auth/login', '  no-such-user  ', 'whatever-1')).statusCode).toBe(401);
    expect(await lastRow('login')).toMatchObject({
      actor_user_id: null,
      actor_username: 'no-such-user',
      actor_role: null,
      outcome: 'denied',
    });
  });

  it('a staff account at the patient door is refused and named', async () => {
    expect((await signIn('/api/patientinfo/login', 'doctor', DEMO_PASSWORD)).statusCode).toBe(401);
    expect(await lastRow('login')).toMatchObject({
      resource: 'patient-session',
      actor_username: 'doctor',
      actor_user_id: await userIdOf('doctor'),
      outcome: 'denied',
    });
  });

  it('never records the password', async () => {
    await signIn('/api/auth/login', 'frontdesk', 'secret-guess-4711');
    const rows = await t.database.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('secret-guess-4711');
  });
});

describe('sign-out', () => {
  it('is audited with the account that signed out', async () => {
    const token = await t.login('frontdesk');
    const res = await t.call({ method: 'POST', url: '/api/auth/logout', token });
    expect(res.statusCode).toBe(204);
    const frontdesk = await userIdOf('frontdesk');
    expect(await lastRow('logout')).toMatchObject({
      resource: 'session',
      resource_id: String(frontdesk),
      actor_user_id: frontdesk,
      actor_username: 'frontdesk',
      actor_role: 'FRONTDESK',
      outcome: 'success',
    });
  });
});

describe('password reset rows', () => {
  const requestReset = (username: string) =>
    t.call({ method: 'POST', url: '/api/patientinfo/request-reset', payload: { username } });

  it('a reset request names the account, and the answer is the same whether it exists or not', async () => {
    const known = await requestReset('patient');
    expect(await lastRow('reset')).toMatchObject({
      resource: 'password-reset-code',
      actor_user_id: await userIdOf('patient'),
      actor_username: 'patient',
      actor_role: 'PATIENT',
      outcome: 'success',
    });
    const unknown = await requestReset('nobody-here');
    expect(await lastRow('reset')).toMatchObject({
      actor_user_id: null,
      actor_username: 'nobody-here',
      outcome: 'success',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('a wrong code is recorded against the username, never with the code', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/patientinfo/verify-code',
      payload: { username: 'patient', code: '987654', newPassword: 'another-pass-1' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const row = await lastRow('reset');
    expect(row).toMatchObject({ resource: 'patient-password', actor_username: 'patient' });
    expect(row.outcome).not.toBe('success');
    expect(JSON.stringify(row)).not.toContain('987654');
  });
});

describe('the address a row names behind a proxy (TRUST_PROXY)', () => {
  /** The manager signs in over a connection from 203.0.113.61 whose request says it came from 198.51.100.7. */
  const signInForwarded = (app: TestApp) =>
    app.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'manager', password: DEMO_PASSWORD },
      remoteAddress: '203.0.113.61',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });

  it("is the connection's address by default: a client cannot name another one", async () => {
    expect((await signInForwarded(t)).statusCode).toBe(200);
    expect(await lastRow('login')).toMatchObject({ actor_username: 'manager', ip: '203.0.113.61' });
  });

  it('is the address the proxy forwarded with TRUST_PROXY=true', async () => {
    const behindProxy = await createTestApp({ config: { trustProxy: true } });
    try {
      expect((await signInForwarded(behindProxy)).statusCode).toBe(200);
      expect(await lastRow('login', behindProxy)).toMatchObject({
        actor_username: 'manager',
        ip: '198.51.100.7',
      });
    } finally {
      await behindProxy.close();
    }
  });
});
