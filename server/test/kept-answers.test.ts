import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, registerKeptAnswers } from '../src/platform/kept-answers';
import { registerPublicCaching } from '../src/platform/response-caching';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 13: public lists built from data staff rarely change (the care team, the offices) are kept by the
 * instance and sent again while their data's version stands; a change is seen at once, on every instance.
 */
const CARE_TEAM = '/api/doctorinfo/doctor/all/details';
const onServer = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

type DirectoryDoctor = { doctorId: number; bio: string; username?: string };
const anonymous = (url: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, headers });
const doctorIn = (body: string, id: number) =>
  (JSON.parse(body) as DirectoryDoctor[]).find((d) => d.doctorId === id);

async function setBio(call: TestApp['call'], id: number, bio: string) {
  const own = (await call({ method: 'GET', url: `/api/doctorinfo/${id}`, token: admin })).json();
  const res = await call({
    method: 'PUT',
    url: `/api/doctorinfo/update/details?doctorId=${id}`,
    token: admin,
    payload: { ...own, bio },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('kept public answers', () => {
  it('the same answer, ETag and caching headers each time, with or without compression', async () => {
    const first = await anonymous(CARE_TEAM);
    expect(first.statusCode).toBe(200);
    const again = await anonymous(CARE_TEAM);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const br = await anonymous(CARE_TEAM, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    const gz = await anonymous(CARE_TEAM, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(first.body);

    const held = await anonymous(CARE_TEAM, { 'if-none-match': String(first.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
  });

  it('a page of the care team keeps its total', async () => {
    const first = await anonymous(`${CARE_TEAM}?page=1&size=2`);
    const again = await anonymous(`${CARE_TEAM}?page=1&size=2`);
    expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(Number(again.headers['x-total-count'])).toBeGreaterThan(2);
    expect(again.json()).toHaveLength(2);
  });

  it('is sent again while the data stands: a change the version does not see is not seen', async () => {
    const before = doctorIn((await anonymous(CARE_TEAM)).body, 1);
    // Behind the version's back (its trigger off), the kept answer is what is sent.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`alter table doctors disable trigger doctors_directory_version`.execute(trx);
      await trx.updateTable('doctors').set({ bio: 'Changed unseen.' }).where('id', '=', 1).execute();
      await sql`alter table doctors enable trigger doctors_directory_version`.execute(trx);
    });
    expect(doctorIn((await anonymous(CARE_TEAM)).body, 1)?.bio).toBe(before?.bio);
    // Any change through the app bumps the version in its own transaction.
    await setBio(t.call, 1, 'Seen at once.');
    expect(doctorIn((await anonymous(CARE_TEAM)).body, 1)?.bio).toBe('Seen at once.');
  });

  it("an office's change is seen at once in the office list", async () => {
    await anonymous('/api/office/all');
    await t.database.db
      .updateTable('offices')
      .set({ description: 'Kept-answer check.' })
      .where('id', '=', 1)
      .execute();
    const offices = (await anonymous('/api/office/all')).json() as {
      officeId: number;
      description: string;
    }[];
    expect(offices.find((o) => o.officeId === 1)?.description).toBe('Kept-answer check.');
  });

  it('staff asking with a token get their own view, never the kept public one, and it never reaches the public', async () => {
    await anonymous(CARE_TEAM);
    const staff = await t.call({ method: 'GET', url: CARE_TEAM, token: admin });
    expect(staff.headers['cache-control']).toBe('no-store');
    expect((staff.json() as DirectoryDoctor[]).some((d) => d.username)).toBe(true);
    const publicAgain = (await anonymous(CARE_TEAM)).json() as DirectoryDoctor[];
    expect(publicAgain.some((d) => d.username)).toBe(false);
  });
});

describe.runIf(onServer)('kept public answers on two instances (PostgreSQL)', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a change made on one instance is seen at once on the other, which had kept the old answer', async () => {
    await setBio(t.call, 1, 'Before the change.');
    const kept = await second.call({ method: 'GET', url: CARE_TEAM });
    expect(doctorIn(kept.body, 1)?.bio).toBe('Before the change.');
    await setBio(t.call, 1, 'Changed on the first instance.');
    const after = await second.call({ method: 'GET', url: CARE_TEAM });
    expect(doctorIn(after.body, 1)?.bio).toBe('Changed on the first instance.');
    expect(after.headers.etag).not.toBe(kept.headers.etag);
  });
});

describe('bounds', () => {
  it('an instance keeps at most its limit of answers, the least recently used going first', async () => {
    const app = Fastify();
    let built = 0;
    registerPublicCaching(app);
    registerKeptAnswers(app, t.database.db, { maxEntries: 2, maxBytes: 1024 * 1024 });
    app.get('/api/listed', { config: { access: 'public', keptWhile: 'directory' } }, async (request) => ({
      built: ++built,
      url: request.url,
    }));
    const get = async (url: string) => (await app.inject({ method: 'GET', url })).json().built as number;
    expect(await get('/api/listed?a')).toBe(1);
    expect(await get('/api/listed?b')).toBe(2);
    expect(await get('/api/listed?a')).toBe(1); // kept; now the most recently used
    expect(await get('/api/listed?c')).toBe(3); // b goes
    expect(await get('/api/listed?a')).toBe(1);
    expect(await get('/api/listed?b')).toBe(4);
    await app.close();
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip; a q of 0 refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding('identity')).toBe('identity');
  });
});
