import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_MAX_AGE_S } from '../src/platform/response-caching';
import { createTestApp, type TestApp } from './test-app';

/** Issue 13: API answers are compressed; public lists carry an ETag and may be cached; private ones may not. */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('frontdesk');
});
afterAll(async () => {
  await t?.close();
});

/** A page of 200 patients (more than 1 KB), accepting `encoding` when given. */
const patientsPage = (encoding?: string) =>
  t.call({
    method: 'GET',
    url: '/api/patientinfo/all?limit=200',
    token: staff,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('compression', () => {
  it('a large answer comes brotli- or gzip-compressed as the client accepts, and decodes to the same JSON', async () => {
    const plain = await patientsPage();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await patientsPage('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await patientsPage('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a bulk read compressed on the wire still names its patients in the audit log', async () => {
    const res = await patientsPage('br');
    expect(res.headers['content-encoding']).toBe('br');
    const row = await t.database.db
      .selectFrom('audit_log')
      .select('patient_ids')
      .where('resource', '=', 'patient')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const answered = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as {
      patientId: number;
    }[];
    expect([...(row.patient_ids ?? [])].sort((a, b) => a - b)).toEqual(
      answered.map((p) => p.patientId).sort((a, b) => a - b),
    );
  });
});

describe('public lists', () => {
  it('carry an ETag and a public max-age; asked again with it, the answer is 304 with no body', async () => {
    const first = await t.call({ method: 'GET', url: '/api/office/all' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(
      `public, max-age=${PUBLIC_MAX_AGE_S}, stale-while-revalidate=600`,
    );
    expect(first.headers.vary).toMatch(/Authorization/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const again = await t.call({ method: 'GET', url: '/api/office/all', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('change when the data does', async () => {
    const before = await t.call({ method: 'GET', url: '/api/insurance/all' });
    const manager = await t.login('manager');
    const added = await t.call({
      method: 'POST',
      url: '/api/insurance/add',
      token: manager,
      payload: { insName: 'Caching Mutual' },
    });
    expect(added.statusCode).toBeLessThan(300);
    const after = await t.call({
      method: 'GET',
      url: '/api/insurance/all',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Caching Mutual');
  });

  it('asked with a token (staff see more of some lists), the answer is never stored (issue 28)', async () => {
    const res = await t.call({ method: 'GET', url: '/api/doctorinfo/doctor/all/details', token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('patient data is never stored', async () => {
    const res = await t.call({ method: 'GET', url: '/api/patientinfo/all?limit=5', token: staff });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});
