import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { tempDataDir, uploadTestImage } from './test-images';

let t: TestApp;
type User = 'admin' | 'manager' | 'frontdesk' | 'doctor' | 'patient';
const tokens = {} as Record<User, string>;
const data = tempDataDir('insurance-test');

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: data.dir } });
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const)
    tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t?.close();
  data.remove();
});

type Json = Record<string, unknown>;

const FIELDS = [
  'acceptance',
  'address',
  'authorization',
  'coverageName',
  'days',
  'insCode',
  'insName',
  'insPicture',
  'insid',
].sort();

async function insuranceCount() {
  const row = await t.database.db
    .selectFrom('insurances')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function insuranceRow(id: number) {
  return t.database.db.selectFrom('insurances').selectAll().where('id', '=', id).executeTakeFirst();
}

const add = (payload: Json, token?: string) =>
  t.call({ method: 'POST', url: '/api/insurance/add', token, payload });

describe('reading insurances (public)', () => {
  it('GET /insurance/all lists every insurance with the spec field names, without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/insurance/all' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    expect(list.length).toBeGreaterThanOrEqual(10);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(FIELDS);
    expect(list.find((i) => i.insid === 1)).toEqual({
      insid: 1,
      insName: 'Medicare',
      days: 90,
      authorization: 'Not required',
      insCode: 'MCR',
      address: 'Medicare Part B Claims, PO Box 0101, Fargo, ND 58108',
      acceptance: 'yes',
      coverageName: 'Medicare Part B',
      insPicture: 'demo-mcr.webp',
    });
  });

  it('GET /insurance/{id}; unknown is 404, malformed 400', async () => {
    expect((await t.call({ method: 'GET', url: '/api/insurance/3' })).json().insName).toBe('Aetna');
    const missing = await t.call({ method: 'GET', url: '/api/insurance/99999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Insurance 99999 not found');
    expect((await t.call({ method: 'GET', url: '/api/insurance/abc' })).statusCode).toBe(400);
  });

  it('GET /insurance/name/{id} answers the name as text', async () => {
    const res = await t.call({ method: 'GET', url: '/api/insurance/name/7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe("Workers' Compensation");
    expect((await t.call({ method: 'GET', url: '/api/insurance/name/99999' })).statusCode).toBe(404);
  });

  it('GET /insurance/search by name or query, any case; blank lists all; wildcards are literal', async () => {
    const byName = await t.call({ method: 'GET', url: '/api/insurance/search?name=BLUE' });
    expect((byName.json() as Json[]).map((i) => i.insName)).toEqual(['Blue Cross Blue Shield']);
    const byQuery = await t.call({ method: 'GET', url: '/api/insurance/search?query=medi' });
    expect((byQuery.json() as Json[]).map((i) => i.insName).sort()).toEqual(['Medicaid', 'Medicare']);
    const blank = await t.call({ method: 'GET', url: '/api/insurance/search?name=' });
    expect((blank.json() as Json[]).length).toBe(await insuranceCount());
    const wildcard = await t.call({ method: 'GET', url: '/api/insurance/search?name=%25' });
    expect(wildcard.json()).toEqual([]);
  });

  it('GET /insurance/search/all (home search) works without a token and gives nothing for a blank query', async () => {
    const res = await t.call({ method: 'GET', url: '/api/insurance/search/all?query=aetna' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Json[]).map((i) => i.insid)).toEqual([3]);
    expect((await t.call({ method: 'GET', url: '/api/insurance/search/all?query=' })).json()).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/insurance/search/all' })).json()).toEqual([]);
  });
});

describe('POST /insurance/add (ADMIN, MANAGER)', () => {
  it('refuses other roles and anonymous callers, and adds nothing', async () => {
    const before = await insuranceCount();
    expect((await add({ insName: 'Nope' })).statusCode).toBe(401);
    for (const user of ['frontdesk', 'doctor', 'patient'] as const) {
      expect((await add({ insName: 'Nope' }, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await insuranceCount()).toBe(before);
  });

  it('a MANAGER adds one; ids in the body are ignored; insuranceName is read as insName', async () => {
    expect(await uploadTestImage(t, tokens.manager, 'insurance', 'oscar logo.png')).toBe('oscar-logo.png');
    const res = await add(
      {
        insid: 1,
        insuranceName: '  Oscar Health ',
        days: 30,
        authorization: 'Required',
        insCode: 'OSC',
        address: 'PO Box 1',
        acceptance: 'patient',
        coverageName: 'Oscar Silver',
        insPicture: 'Oscar Logo.png',
      },
      tokens.manager,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.insid).not.toBe(1);
    expect(body).toMatchObject({
      insName: 'Oscar Health',
      days: 30,
      acceptance: 'patient',
      insPicture: 'oscar-logo.png',
    });
    expect((await insuranceRow(1))?.name).toBe('Medicare');
    const admin = await add({ insName: 'Admin Added' }, tokens.admin);
    expect(admin.statusCode).toBe(201);
    expect(admin.json()).toMatchObject({ days: null, acceptance: '', insPicture: '' });
  });

  it('bad input gets a clear 400 and adds nothing', async () => {
    const before = await insuranceCount();
    const cases: [Json, RegExp][] = [
      [{}, /insName is required/],
      [{ insName: '   ' }, /insName/],
      [{ insName: 'X', days: -1 }, /days/],
      [{ insName: 'X', days: '30' }, /days/],
      [{ insName: 'X', acceptance: 5 }, /acceptance/],
      [{ insName: 'x'.repeat(201) }, /insName/],
      [{ insName: 'X', insPicture: 'not-uploaded.png' }, /Image not found/],
      [{ insName: 'X', insPicture: '../secret.png' }, /plain image file name/],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload, tokens.admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await insuranceCount()).toBe(before);
  });
});

describe('PUT /insurance/update/{id} (ADMIN only)', () => {
  const update = (id: number | string, payload: Json, token?: string) =>
    t.call({ method: 'PUT', url: `/api/insurance/update/${id}`, token, payload });

  it('refuses every other role and changes nothing', async () => {
    const before = await insuranceRow(5);
    expect((await update(5, { insName: 'Changed' })).statusCode).toBe(401);
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      expect((await update(5, { insName: 'Changed' }, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await insuranceRow(5)).toEqual(before);
  });

  it('an ADMIN saves a record sent back as received, with changes; the path id wins over the body', async () => {
    const current = (await t.call({ method: 'GET', url: '/api/insurance/5' })).json();
    const res = await update(5, { ...current, insid: 1, acceptance: 'no', days: 60 }, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...current, acceptance: 'no', days: 60 });
    expect((await insuranceRow(1))?.acceptance).toBe('yes');
  });

  it("the default picture's URL, sent back as displayed, means no picture", async () => {
    const res = await update(6, { insPicture: '/images/insurance/default.jpg' }, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().insPicture).toBe('');
  });

  it('fields left out keep their value', async () => {
    const res = await update(4, { coverageName: 'Choice Plus PPO' }, tokens.admin);
    expect(res.json()).toMatchObject({ insName: 'UnitedHealthcare', coverageName: 'Choice Plus PPO' });
  });

  it('unknown id is 404; bad input is 400; nothing changes', async () => {
    const before = await insuranceRow(2);
    expect((await update(99999, { insName: 'X' }, tokens.admin)).statusCode).toBe(404);
    for (const payload of [{ insName: '' }, { insName: null }, { days: 'many' }, { days: 1.5 }]) {
      const res = await update(2, payload, tokens.admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await update('abc', { insName: 'X' }, tokens.admin)).statusCode).toBe(400);
    expect(await insuranceRow(2)).toEqual(before);
  });
});

describe('DELETE /insurance/delete/{id} (ADMIN only)', () => {
  const remove = (id: number, token?: string) =>
    t.call({ method: 'DELETE', url: `/api/insurance/delete/${id}`, token });

  it('refuses every other role', async () => {
    const created = (await add({ insName: 'To Delete' }, tokens.admin)).json();
    expect((await remove(created.insid)).statusCode).toBe(401);
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      expect((await remove(created.insid, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await insuranceRow(created.insid)).toBeDefined();
    expect((await remove(created.insid, tokens.admin)).statusCode).toBe(204);
    expect(await insuranceRow(created.insid)).toBeUndefined();
    expect((await remove(created.insid, tokens.admin)).statusCode).toBe(404);
  });

  it('an insurance used by patient records is refused with a clear 409 and stays', async () => {
    const used = await t.database.db
      .selectFrom('patient_insurances')
      .select('insurance_id')
      .executeTakeFirstOrThrow();
    const res = await remove(used.insurance_id, tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This insurance is used by patient insurance records and cannot be deleted.',
    );
    expect(await insuranceRow(used.insurance_id)).toBeDefined();
  });
});
