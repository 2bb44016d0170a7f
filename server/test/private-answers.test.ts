import { canAny } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf, type RouteAccessEntry } from '../src/platform/access';
import { PUBLIC_MAX_AGE_S, PUBLIC_STALE_S } from '../src/platform/response-caching';
import { humanHeaders, nextAddress } from './captcha-helpers';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

/**
 * Issue 28, item 12: no answer for one person may be kept by a shared computer's browser or a proxy. Every answer
 * of a route that requires a token, every answer to a call with one and every answer carrying a token or a
 * cookie says `Cache-Control: no-store`; public reads asked without a token stay cacheable as before.
 */
const NO_STORE = 'no-store';
const PUBLIC = `public, max-age=${PUBLIC_MAX_AGE_S}, stale-while-revalidate=${PUBLIC_STALE_S}`;

let t: TestApp;
let admin: string;
let patient: string;
let routes: RouteAccessEntry[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  patient = await t.login('patient');
  routes = t.app.routeAccessTable.filter((route) => route.method !== 'HEAD');
});
afterAll(async () => {
  await t?.close();
});

const urlOf = (path: string) => path.replace(/:\w+/g, '1').replace(/\*$/, 'x');
const allows = (access: RouteAccessEntry['access'], role: Role) =>
  access === 'authenticated' ||
  (access !== undefined && access !== 'public' && canAny(role, permissionsOf(access)));

describe('every route that requires a token', () => {
  it('answers no-store to everyone: refused, read, or not found', async () => {
    const guarded = routes.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(100);
    const stored: string[] = [];
    for (const route of guarded) {
      // Signed out (401); with a token, as a caller the route refuses (403) or, for a read, as an admin. A change
      // a caller may make is not made here (each module's tests cover its answers; the rule is the same).
      const callers: (string | undefined)[] = [undefined];
      if (route.method === 'GET') callers.push(admin);
      else if (!allows(route.access, 'PATIENT')) callers.push(patient);
      for (const token of callers) {
        const res = await t.call({
          method: route.method as 'GET',
          url: urlOf(route.url),
          token,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.headers['cache-control'] !== NO_STORE) {
          stored.push(
            `${route.method} ${route.url} (${token ? 'token' : 'signed out'}): ${res.statusCode} ${res.headers['cache-control']}`,
          );
        }
      }
    }
    expect(stored).toEqual([]);
  });

  it('a change that went through answers no-store too', async () => {
    const id = await t.patientIdOf('patient');
    const own = (await t.call({ method: 'GET', url: `/api/patientinfo/${id}`, token: patient })).json();
    const res = await t.call({
      method: 'PUT',
      url: `/api/patientinfo/update-details?patientId=${id}`,
      token: patient,
      payload: {
        firstName: own.firstName,
        lastName: own.lastName,
        email: own.email,
        phoneNumber: own.phoneNumber,
        dateOfBirth: own.dateOfBirth,
        sex: own.sex,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(NO_STORE);
  });
});

describe('public routes', () => {
  it('asked with a token, every read answers no-store', async () => {
    const publicReads = routes.filter((route) => route.access === 'public' && route.method === 'GET');
    expect(publicReads.length).toBeGreaterThan(20);
    const stored: string[] = [];
    for (const route of publicReads) {
      const res = await t.call({ method: 'GET', url: urlOf(route.url), token: admin });
      if (res.headers['cache-control'] !== NO_STORE) {
        stored.push(`${route.url}: ${res.statusCode} ${res.headers['cache-control']}`);
      }
    }
    expect(stored).toEqual([]);
  });

  it('asked without one, the public lists stay cacheable by everyone, as before', async () => {
    for (const url of [
      '/api/office/all',
      '/api/insurance/all',
      '/api/doctorinfo/doctor/all/details',
      '/api/content/menuStructure',
    ]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC);
      expect(res.headers.etag, url).toBeDefined();
    }
  });

  it('every sign-in door answers its token with no-store, and its refusal too', async () => {
    for (const [url, username] of [
      ['/api/auth/login', 'admin'],
      ['/api/doctorinfo/doctor/login', 'doctor'],
      ['/api/patientinfo/login', 'patient2'],
    ] as const) {
      const res = await t.call({ method: 'POST', url, payload: { username, password: DEMO_PASSWORD } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().token, url).toEqual(expect.any(String));
      expect(res.headers['cache-control'], url).toBe(NO_STORE);
      const refused = await t.call({
        method: 'POST',
        url,
        payload: { username, password: 'wrong-password' },
      });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.headers['cache-control'], url).toBe(NO_STORE);
    }
  });

  it('every change answers no-store, signed out too: a registration, a reset request', async () => {
    const registration = await t.call({
      method: 'POST',
      url: '/api/patientinfo/register/credentials',
      headers: humanHeaders(),
      remoteAddress: nextAddress(),
      payload: {},
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.headers['cache-control']).toBe(NO_STORE);
    const reset = await t.call({
      method: 'POST',
      url: '/api/patientinfo/request-reset',
      remoteAddress: nextAddress(),
      payload: { username: 'nobody-at-all' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.headers['cache-control']).toBe(NO_STORE);
  });
});
