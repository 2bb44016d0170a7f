import { MSG } from '@clinic/contract/messages';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../src/platform/auth/tokens';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const STAFF = [
  ['admin', 'ADMIN'],
  ['manager', 'MANAGER'],
  ['frontdesk', 'FRONTDESK'],
  ['doctor', 'DOCTOR'],
] as const;
const PATIENTS = ['patient', 'patient2'] as const;

const login = (url: string, username: string, password = DEMO_PASSWORD) =>
  t.call({ method: 'POST', url, payload: { username, password } });

describe('sign-in doors', () => {
  it.each(STAFF)('%s signs in at both staff logins as %s', async (username, role) => {
    for (const url of ['/api/doctorinfo/doctor/login', '/api/auth/login']) {
      const res = await login(url, username);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ username, role });
      expect(typeof body.token).toBe('string');
      expect(body.patientId).toBeUndefined();
    }
  });

  it.each(PATIENTS)('%s signs in at the patient login with their patient id', async (username) => {
    const res = await login('/api/patientinfo/login', username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username, role: 'PATIENT', patientId: expect.any(Number) });
  });

  it('the two patients are linked to different patient records', async () => {
    const a = (await login('/api/patientinfo/login', 'patient')).json();
    const b = (await login('/api/patientinfo/login', 'patient2')).json();
    expect(a.patientId).not.toBe(b.patientId);
  });

  it.each(STAFF)('%s is refused at the patient login', async (username) => {
    const res = await login('/api/patientinfo/login', username);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_credentials', message: MSG.loginFailed });
  });

  it.each(PATIENTS)('%s is refused at the staff logins', async (username) => {
    for (const url of ['/api/doctorinfo/doctor/login', '/api/auth/login']) {
      const res = await login(url, username);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.loginFailed);
    }
  });

  it('a wrong password and an unknown user get the same answer', async () => {
    const wrong = await login('/api/auth/login', 'manager', 'not-the-password');
    const unknown = await login('/api/auth/login', 'nobody-here', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('usernames are matched without regard to case', async () => {
    const res = await login('/api/auth/login', 'ADMIN');
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('admin');
  });

  it('missing or wrongly typed fields get a 400 naming the field', async () => {
    const missing = await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('password');
    const typed = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 7, password: 'x' },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toContain('username');
    const notJson = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe('invalid_json');
  });

  it('failed sign-ins are throttled per account and address, without locking the account elsewhere', async () => {
    const attempt = (address: string, password = 'wrong-password') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'frontdesk', password },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) expect((await attempt('10.0.0.7')).statusCode).toBe(401);
    expect((await attempt('10.0.0.7')).statusCode).toBe(429);
    expect((await attempt('10.0.0.7', DEMO_PASSWORD)).statusCode).toBe(429);
    // The real user, from their own machine, still gets in.
    expect((await attempt('10.0.0.8', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('a valid token passes check-auth; none, tampered, expired and logged-out tokens do not', async () => {
    const token = await t.login('manager');
    const ok = await t.call({ method: 'GET', url: '/api/auth/check-auth', token });
    expect(ok.json()).toEqual({ authenticated: true, username: 'manager', role: 'MANAGER' });

    const anonymous = await t.call({ method: 'GET', url: '/api/auth/check-auth' });
    expect(anonymous.json()).toEqual({ authenticated: false });

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;
    expect((await t.call({ method: 'GET', url: '/api/auth/accounts', token: tampered })).statusCode).toBe(
      401,
    );

    const otherKey = await new TokenService('some-other-secret-some-other-secret-1234').sign(
      { sub: claims.sub, sid: claims.sid, role: 'ADMIN', username: 'manager' },
      new Date(Date.now() + 60_000),
    );
    expect((await t.call({ method: 'GET', url: '/api/auth/accounts', token: otherKey })).statusCode).toBe(
      401,
    );

    const expired = await new SignJWT({ sid: claims.sid, role: 'MANAGER', username: 'manager' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('clinic-network')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const expiredRes = await t.call({ method: 'GET', url: '/api/patientinfo/1', token: expired });
    expect(expiredRes.statusCode).toBe(401);
    expect(expiredRes.json().message).toBe(MSG.sessionExpired);

    const out = await t.call({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(204);
    const after = await t.call({ method: 'GET', url: '/api/patientinfo/1', token });
    expect(after.statusCode).toBe(401);
  });

  it('a patient token expires 30 minutes after sign-in, a staff token after a working day', async () => {
    const before = Date.now();
    const patient = (await login('/api/patientinfo/login', 'patient')).json();
    const staff = (await login('/api/auth/login', 'doctor')).json();
    const patientMs = Date.parse(patient.expiresAt) - before;
    expect(patientMs).toBeGreaterThan(29 * 60_000);
    expect(patientMs).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    expect(Date.parse(staff.expiresAt) - before).toBeGreaterThan(8 * 3600_000);
  });
});

describe('staff accounts', () => {
  it('only ADMIN may list, create, edit and delete accounts', async () => {
    const manager = await t.login('manager');
    for (const req of [
      { method: 'GET' as const, url: '/api/auth/accounts' },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { username: 'x1', password: 'password1', role: 'DOCTOR' },
      },
      { method: 'PUT' as const, url: '/api/auth/edit', payload: { username: 'doctor', newRole: 'ADMIN' } },
      { method: 'DELETE' as const, url: '/api/auth/delete/doctor' },
    ]) {
      const res = await t.call({ ...req, token: manager });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/auth/accounts' })).statusCode).toBe(401);
  });

  it('an admin creates a FRONT DESK account that can sign in, then changes and deletes it', async () => {
    const admin = await t.login('admin');
    const created = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      token: admin,
      payload: { username: 'desk2', password: 'welcome-desk', role: 'FRONT DESK' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'desk2', role: 'FRONTDESK' });

    const dup = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      token: admin,
      payload: { username: 'Desk2', password: 'welcome-desk', role: 'DOCTOR' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.duplicateUsername);

    const deskToken = (await login('/api/auth/login', 'desk2', 'welcome-desk')).json().token;
    const role = await t.call({ method: 'GET', url: '/api/auth/get-role/desk2', token: deskToken });
    expect(role.json()).toEqual({ username: 'desk2', role: 'FRONTDESK' });

    const edited = await t.call({
      method: 'PUT',
      url: '/api/auth/edit',
      token: admin,
      payload: { username: 'desk2', newPassword: 'another-pass', newRole: 'ROLE_MANAGER' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().role).toBe('MANAGER');
    // The password change revoked the old session at once.
    expect(
      (await t.call({ method: 'GET', url: '/api/auth/get-role/desk2', token: deskToken })).statusCode,
    ).toBe(401);
    expect((await login('/api/auth/login', 'desk2', 'another-pass')).statusCode).toBe(200);

    expect((await t.call({ method: 'DELETE', url: '/api/auth/delete/desk2', token: admin })).statusCode).toBe(
      204,
    );
    expect((await login('/api/auth/login', 'desk2', 'another-pass')).statusCode).toBe(401);
  });

  it('a role field a client may not set is refused, and a patient role cannot be created here', async () => {
    const admin = await t.login('admin');
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      token: admin,
      payload: { username: 'sneaky', password: 'password1', role: 'PATIENT' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('the last ADMIN can be neither demoted nor deleted', async () => {
    const admin = await t.login('admin');
    const demote = await t.call({
      method: 'PUT',
      url: '/api/auth/edit',
      token: admin,
      payload: { username: 'admin', newRole: 'MANAGER' },
    });
    expect(demote.statusCode).toBe(409);
    const remove = await t.call({ method: 'DELETE', url: '/api/auth/delete/admin', token: admin });
    expect(remove.statusCode).toBe(409);
    expect((await t.call({ method: 'GET', url: '/api/auth/check-auth', token: admin })).json().role).toBe(
      'ADMIN',
    );
  });

  it("a user reads their own role, not someone else's", async () => {
    const doctor = await t.login('doctor');
    expect(
      (await t.call({ method: 'GET', url: '/api/auth/get-role/doctor', token: doctor })).json().role,
    ).toBe('DOCTOR');
    expect((await t.call({ method: 'GET', url: '/api/auth/get-role/admin', token: doctor })).statusCode).toBe(
      404,
    );
  });
});
