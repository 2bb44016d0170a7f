import { PERMISSIONS } from '@clinic/contract/permissions';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '../src/platform/access';
import { SessionCache } from '../src/platform/auth/session-cache';
import { TokenService } from '../src/platform/auth/tokens';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('every route declares its access', () => {
  it('walks every registered /api route: each names a known permission, public or authenticated', () => {
    const table = t.app.routeAccessTable;
    expect(table.length).toBeGreaterThan(10);
    for (const route of table) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
      const names = typeof route.access === 'string' ? [route.access] : (route.access ?? []);
      for (const name of names) {
        expect(
          name === 'public' || name === 'authenticated' || name in PERMISSIONS,
          `${route.method} ${route.url}: ${name}`,
        ).toBe(true);
      }
    }
  });

  it('every route of the OpenAPI document is in the table', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json();
    const known = new Set(
      t.app.routeAccessTable.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) {
        expect(known.has(`${method.toUpperCase()} ${path}`), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('an /api route without a declared access refuses to register', async () => {
    const app = Fastify();
    registerAccessControl(app, t.database.db, new TokenService('x'.repeat(40)), new SessionCache());
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/does not declare its access/);
    await app.close();
  });
});

describe('roles and record ownership', () => {
  it('a wrong role gets 403', async () => {
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient']) {
      const token = await t.login(user);
      const res = await t.call({ method: 'GET', url: '/api/audit', token });
      expect(res.statusCode, user).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
  });

  it("a patient reads their own record; another patient's answers 404, like one that does not exist", async () => {
    const token = await t.login('patient');
    const own = await t.patientIdOf('patient');
    const other = await t.patientIdOf('patient2');
    const mine = await t.call({ method: 'GET', url: `/api/patientinfo/${own}`, token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ patientId: own, username: 'patient' });
    expect(mine.json()).not.toHaveProperty('password');

    const theirs = await t.call({ method: 'GET', url: `/api/patientinfo/${other}`, token });
    const missing = await t.call({ method: 'GET', url: '/api/patientinfo/999999', token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    const byName = await t.call({ method: 'GET', url: '/api/patientinfo/by-username/patient2', token });
    expect(byName.statusCode).toBe(404);
  });

  it('staff read any patient', async () => {
    const token = await t.login('frontdesk');
    const res = await t.call({
      method: 'GET',
      url: `/api/patientinfo/${await t.patientIdOf('patient2')}`,
      token,
    });
    expect(res.statusCode).toBe(200);
  });

  it('without a token a patient record answers 401', async () => {
    const res = await t.call({ method: 'GET', url: `/api/patientinfo/${await t.patientIdOf('patient')}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('audit', () => {
  it('each read of patient data adds one row, with actor, outcome and patient, readable by ADMIN', async () => {
    const patientToken = await t.login('patient');
    const own = await t.patientIdOf('patient');
    const other = await t.patientIdOf('patient2');
    const admin = await t.login('admin');
    const before = (await t.call({ method: 'GET', url: '/api/audit?limit=500', token: admin })).json().length;

    await t.call({ method: 'GET', url: `/api/patientinfo/${own}`, token: patientToken });
    await t.call({ method: 'GET', url: `/api/patientinfo/${other}`, token: patientToken });

    const rows = (await t.call({ method: 'GET', url: '/api/audit?limit=500', token: admin })).json();
    expect(rows.length).toBe(before + 2);
    const [denied, read] = rows;
    expect(read).toMatchObject({
      actorUsername: 'patient',
      actorRole: 'PATIENT',
      action: 'read',
      resource: 'patient',
      patientId: own,
      outcome: 'success',
    });
    expect(denied).toMatchObject({ actorUsername: 'patient', patientId: other, outcome: 'not_found' });
    expect(typeof read.ip).toBe('string');
    expect(Date.parse(read.at)).not.toBeNaN();

    const filtered = (
      await t.call({ method: 'GET', url: `/api/audit?patientId=${other}`, token: admin })
    ).json();
    expect(filtered.every((r: { patientId: number }) => r.patientId === other)).toBe(true);
  });
});
