import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('health and readiness answer', async () => {
    expect((await t.call({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.call({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI 3 document generated from the route schemas, and Swagger UI', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/patientinfo/login'].post).toBeDefined();
    expect(doc.paths['/api/auth/edit'].put.requestBody).toBeDefined();
    const ui = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('unknown /api paths answer a JSON 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('sends security headers, including a content security policy', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // helmet's whole set, on answers that fail too (the policy is worked out once, not per request).
    for (const answer of [res, await t.call({ method: 'GET', url: '/api/no-such-thing' })]) {
      expect(answer.headers).toMatchObject({
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-permitted-cross-domain-policies': 'none',
      });
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('refuses a JSON body over the limit with a 413', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a', password: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
  });

  it('a client may send extra fields back (a record as received); they are ignored', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody', password: 'whatever', role: 'ADMIN', token: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('integers in the path and the query string (platform/validator.ts)', () => {
  it('are refused with 400 unless written as whole numbers, instead of being truncated', async () => {
    const seeded = await createTestApp();
    const token = await seeded.login('admin');
    for (const url of [
      '/api/patientinfo/1.5',
      '/api/patientinfo/1e0',
      '/api/promotions/2.9',
      '/api/doctor-clock/status/1.0',
      '/api/appointments/available-times?officeId=1.5&date=2030-01-07',
    ]) {
      const res = await seeded.call({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/must be integer/);
    }
    for (const url of ['/api/patientinfo/1', '/api/promotions/1', '/api/doctor-clock/status/1']) {
      const res = await seeded.call({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(200);
    }
    await seeded.close();
  });
});
