import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let dataDir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'offices-test-'));
  t = await createTestApp({ config: { dataDir } });
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient']) {
    tokens[user] = await t.login(user);
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const DENVER = 1; // the demo 'doctor' account works here
const AUSTIN = 2;

const officeRow = (id: number) =>
  t.database.db.selectFrom('offices').selectAll().where('id', '=', id).executeTakeFirst();
const officeCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('offices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function uploadOfficeImage(name: string, colour: string) {
  const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('directory', 'office');
  form.append('filename', name);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await t.call({ method: 'POST', url: '/api/images/upload', token: tokens.admin, payload: form });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('public reads', () => {
  it('GET /api/office/all lists every office with the spec fields and its time zone', async () => {
    const res = await t.call({ method: 'GET', url: '/api/office/all' });
    expect(res.statusCode).toBe(200);
    const offices = res.json();
    expect(offices).toHaveLength(5);
    expect(offices[0]).toEqual({
      officeId: 1,
      officeName: 'Summit PT Denver Highlands',
      address: '3210 W 32nd Ave, Denver, CO 80211',
      description: expect.any(String),
      phoneNumber: '(303) 555-0110',
      email: 'denver@summitpt.example',
      officeKey: 'DEN',
      officeImage: 'demo-den.webp',
      timeZone: 'America/Denver',
    });
  });

  it('GET /api/office/{id}: the office, 404 when unknown, 400 when not a number', async () => {
    expect((await t.call({ method: 'GET', url: '/api/office/2' })).json().officeName).toBe(
      'Summit PT Austin South Congress',
    );
    const missing = await t.call({ method: 'GET', url: '/api/office/999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Office not found.');
    expect((await t.call({ method: 'GET', url: '/api/office/abc' })).statusCode).toBe(400);
  });

  it('GET /api/office/{id}/name answers text', async () => {
    const res = await t.call({ method: 'GET', url: '/api/office/3/name' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Summit PT Portland Pearl District');
    expect((await t.call({ method: 'GET', url: '/api/office/999/name' })).statusCode).toBe(404);
  });

  it("GET /api/office/{id}/images answers the list (the demo's picture at first)", async () => {
    const res = await t.call({ method: 'GET', url: '/api/office/4/images' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['demo-ral.webp']);
    expect((await t.call({ method: 'GET', url: '/api/office/999/images' })).statusCode).toBe(404);
  });

  it('GET /api/office/search matches name, address or key, without regard to case', async () => {
    const ids = async (url: string) =>
      (await t.call({ method: 'GET', url })).json().map((o: { officeId: number }) => o.officeId);
    expect(await ids('/api/office/search?query=austin')).toEqual([2]);
    expect(await ids('/api/office/search?q=GLISAN')).toEqual([3]);
    expect(await ids('/api/office/search?name=sco')).toEqual([5]);
    expect(await ids('/api/office/search?query=summit')).toHaveLength(5);
    expect(await ids('/api/office/search')).toHaveLength(5);
    expect(await ids('/api/office/search?query=%25')).toEqual([]);
    expect(await ids('/api/office/search?query=nowhere')).toEqual([]);
  });
});

describe('POST /api/office/add', () => {
  const body = {
    officeName: 'Summit PT Boise',
    address: '123 Main St, Boise, ID 83702',
    description: 'New clinic',
    phoneNumber: '(208) 555-0160',
    email: 'boise@summitpt.example',
    officeKey: 'BOI',
    timeZone: 'america/boise',
  };

  it.each([
    ['frontdesk', 403],
    ['doctor', 403],
    ['patient', 403],
    [undefined, 401],
  ])('%s is refused (%i) and nothing is created', async (user, status) => {
    const before = await officeCount();
    const res = await t.call({
      method: 'POST',
      url: '/api/office/add',
      token: user ? tokens[user] : undefined,
      payload: body,
    });
    expect(res.statusCode).toBe(status);
    expect(await officeCount()).toBe(before);
  });

  it.each([
    [{ ...body, officeName: '  ' }, /officeName/],
    [{ ...body, officeName: undefined }, /officeName is required/],
    [{ ...body, timeZone: 'Mars/Olympus_Mons' }, /not a known IANA time zone/],
    [{ ...body, timeZone: undefined }, /timeZone is required/],
    [{ ...body, timeZone: '+05:00' }, /not a known IANA time zone/],
    [{ ...body, email: 'not-an-email' }, /e-mail/],
    [{ ...body, officeImage: 'never-uploaded.png' }, /Image not found/],
    [{ ...body, officeImage: '../../etc/passwd' }, /plain file name/],
    [{ ...body, phoneNumber: 5550160 }, /phoneNumber/],
  ])('bad input %# gets a 400 that says why, and nothing is created', async (payload, message) => {
    const before = await officeCount();
    const res = await t.call({ method: 'POST', url: '/api/office/add', token: tokens.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await officeCount()).toBe(before);
  });

  it('an admin adds an office; the time zone is stored under its canonical name', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/office/add',
      token: tokens.admin,
      payload: { ...body, officeId: 1 },
    });
    expect(res.statusCode).toBe(201);
    const office = res.json();
    expect(office).toMatchObject({
      officeName: 'Summit PT Boise',
      timeZone: 'America/Boise',
      officeImage: '',
    });
    expect(office.officeId).toBeGreaterThan(5);
  });

  it('a manager adds an office with only a name and a time zone', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/office/add',
      token: tokens.manager,
      payload: { officeName: 'Summit PT Anchorage', timeZone: 'America/Anchorage', address: null },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ address: '', email: '', officeKey: null });
  });
});

describe('PUT /api/office/update/{id}', () => {
  it('refuses front desk, patients and anonymous callers, and changes nothing', async () => {
    const before = await officeRow(AUSTIN);
    for (const [user, status] of [
      ['frontdesk', 403],
      ['patient', 403],
      [undefined, 401],
    ] as const) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/office/update/${AUSTIN}`,
        token: user ? tokens[user] : undefined,
        payload: { description: 'hacked' },
      });
      expect(res.statusCode).toBe(status);
    }
    expect(await officeRow(AUSTIN)).toEqual(before);
  });

  it('a doctor edits their own office, sending the record back as received', async () => {
    const current = (await t.call({ method: 'GET', url: `/api/office/${DENVER}` })).json();
    const res = await t.call({
      method: 'PUT',
      url: `/api/office/update/${DENVER}`,
      token: tokens.doctor,
      payload: { ...current, description: 'Fresh description', officeImage: 'ignored.png', officeId: 99 },
    });
    expect(res.statusCode).toBe(200);
    // The images are the office's own (sent back unchanged: the demo's picture), not the body's.
    expect(res.json()).toMatchObject({
      officeId: DENVER,
      description: 'Fresh description',
      officeImage: 'demo-den.webp',
    });
  });

  it('a doctor may not edit another office, nor change the time zone of their own', async () => {
    const before = await officeRow(AUSTIN);
    const other = await t.call({
      method: 'PUT',
      url: `/api/office/update/${AUSTIN}`,
      token: tokens.doctor,
      payload: { description: 'not mine' },
    });
    expect(other.statusCode).toBe(403);
    expect(await officeRow(AUSTIN)).toEqual(before);
    const zone = await t.call({
      method: 'PUT',
      url: `/api/office/update/${DENVER}`,
      token: tokens.doctor,
      payload: { timeZone: 'America/Chicago' },
    });
    expect(zone.statusCode).toBe(403);
    expect((await officeRow(DENVER))?.time_zone).toBe('America/Denver');
  });

  it('a manager edits any office; fields not sent are kept', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/office/update/${AUSTIN}`,
      token: tokens.manager,
      payload: { phoneNumber: ' (512) 555-0199 ', email: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      officeName: 'Summit PT Austin South Congress',
      phoneNumber: '(512) 555-0199',
      email: '',
      timeZone: 'America/Chicago',
    });
  });

  it('bad input gets a 400 and changes nothing; an unknown office is a 404', async () => {
    const before = await officeRow(AUSTIN);
    for (const payload of [
      { officeName: '' },
      { timeZone: 'Nowhere/Land' },
      { email: 'nope' },
      { description: 'x'.repeat(5000) },
    ]) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/office/update/${AUSTIN}`,
        token: tokens.admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect(await officeRow(AUSTIN)).toEqual(before);
    const missing = await t.call({
      method: 'PUT',
      url: '/api/office/update/999',
      token: tokens.admin,
      payload: { description: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("correcting an office's time zone keeps its appointments' local times and moves their instants", async () => {
    const before = await t.database.db
      .selectFrom('appointments')
      .select(['id', 'appointment_date', 'appointment_time', 'starts_at'])
      .where('office_id', '=', AUSTIN)
      .orderBy('id')
      .execute();
    expect(before.length).toBeGreaterThan(0);
    const res = await t.call({
      method: 'PUT',
      url: `/api/office/update/${AUSTIN}`,
      token: tokens.admin,
      payload: { timeZone: 'America/New_York' },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.database.db
      .selectFrom('appointments')
      .select(['id', 'appointment_date', 'appointment_time', 'starts_at'])
      .where('office_id', '=', AUSTIN)
      .orderBy('id')
      .execute();
    for (const [i, row] of after.entries()) {
      const old = before[i]!;
      expect(row.appointment_date).toBe(old.appointment_date);
      expect(row.appointment_time).toBe(old.appointment_time);
      // The same wall clock one zone further east is one hour earlier.
      expect(new Date(old.starts_at).getTime() - new Date(row.starts_at).getTime()).toBe(3_600_000);
    }
    await t.call({
      method: 'PUT',
      url: `/api/office/update/${AUSTIN}`,
      token: tokens.admin,
      payload: { timeZone: 'America/Chicago' },
    });
  });
});

describe('office images', () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    first = await uploadOfficeImage('Denver Front.png', '#aa3355');
    second = await uploadOfficeImage('denver-gym.png', '#3355aa');
  });

  it('PUT /api/office/{id}/update/images takes a list; GET .../images answers it', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/office/${DENVER}/update/images`,
      token: tokens.manager,
      payload: [first, second, first],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().officeImage).toBe('denver-front.png,denver-gym.png');
    const list = await t.call({ method: 'GET', url: `/api/office/${DENVER}/images` });
    expect(list.json()).toEqual(['denver-front.png', 'denver-gym.png']);
  });

  it('also takes { officeImage: "a,b" }; a doctor sets images of their own office', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/office/${DENVER}/update/images`,
      token: tokens.doctor,
      payload: { officeImage: `${second}, ${first}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().officeImage).toBe('denver-gym.png,denver-front.png');
    const emptied = await t.call({
      method: 'PUT',
      url: `/api/office/${DENVER}/update/images`,
      token: tokens.admin,
      payload: { images: [second] },
    });
    expect(emptied.json().officeImage).toBe('denver-gym.png');
  });

  it('refuses wrong roles, other offices, unknown images and traversal, changing nothing', async () => {
    const before = await officeRow(DENVER);
    const attempts: [string | undefined, string, unknown, number][] = [
      ['patient', `/api/office/${DENVER}/update/images`, [first], 403],
      ['frontdesk', `/api/office/${DENVER}/update/images`, [first], 403],
      [undefined, `/api/office/${DENVER}/update/images`, [first], 401],
      ['doctor', `/api/office/${AUSTIN}/update/images`, [first], 403],
      ['admin', `/api/office/${DENVER}/update/images`, ['not-uploaded.png'], 400],
      ['admin', `/api/office/${DENVER}/update/images`, ['../../../etc/passwd'], 400],
      ['admin', `/api/office/${DENVER}/update/images`, { officeImage: 5 }, 400],
      ['admin', '/api/office/999/update/images', [first], 404],
    ];
    for (const [user, url, payload, status] of attempts) {
      const res = await t.call({
        method: 'PUT',
        url,
        token: user ? tokens[user] : undefined,
        payload: payload as object,
      });
      expect(res.statusCode, `${user} ${url} ${JSON.stringify(payload)}`).toBe(status);
    }
    expect(await officeRow(DENVER)).toEqual(before);
  });
});

describe('DELETE /api/office/delete/{id}', () => {
  it('only an admin deletes; an office with appointments is kept (409); a new one goes', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/office/add',
      token: tokens.admin,
      payload: { officeName: 'Short-lived', timeZone: 'America/Chicago' },
    });
    const id = created.json().officeId as number;
    for (const user of ['manager', 'doctor', 'frontdesk', 'patient']) {
      const res = await t.call({ method: 'DELETE', url: `/api/office/delete/${id}`, token: tokens[user] });
      expect(res.statusCode, user).toBe(403);
    }
    expect((await t.call({ method: 'DELETE', url: `/api/office/delete/${id}` })).statusCode).toBe(401);
    expect(await officeRow(id)).toBeDefined();

    const withVisits = await t.call({
      method: 'DELETE',
      url: `/api/office/delete/${DENVER}`,
      token: tokens.admin,
    });
    expect(withVisits.statusCode).toBe(409);
    expect(withVisits.json().message).toMatch(/appointments/);
    expect(await officeRow(DENVER)).toBeDefined();

    const res = await t.call({ method: 'DELETE', url: `/api/office/delete/${id}`, token: tokens.admin });
    expect(res.statusCode).toBe(204);
    expect(await officeRow(id)).toBeUndefined();
    const again = await t.call({ method: 'DELETE', url: `/api/office/delete/${id}`, token: tokens.admin });
    expect(again.statusCode).toBe(404);
  });
});
