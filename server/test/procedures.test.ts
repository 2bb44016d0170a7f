import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { tempDataDir, uploadTestImage } from './test-images';

let t: TestApp;
type User = 'admin' | 'manager' | 'frontdesk' | 'doctor' | 'patient';
const tokens = {} as Record<User, string>;
const data = tempDataDir('procedures-test');

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

async function codeCount() {
  const row = await t.database.db
    .selectFrom('procedures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function codeRow(code: string) {
  return t.database.db.selectFrom('procedures').selectAll().where('code', '=', code).executeTakeFirst();
}

const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });
const add = (payload: Json, token?: string) =>
  t.call({ method: 'POST', url: '/api/procedures/add', token, payload });
const update = (code: string, payload: Json, token?: string) =>
  t.call({ method: 'PUT', url: `/api/procedures/update/${code}`, token, payload });

describe('reading codes (any signed-in user)', () => {
  it('needs a token', async () => {
    for (const url of ['/api/procedures/getAll', '/api/procedures/search?code=97', '/api/procedures/97110']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('GET /procedures/getAll lists procedures and diagnoses with the spec fields', async () => {
    const res = await get('/api/procedures/getAll', tokens.patient);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    expect(list.length).toBe(await codeCount());
    for (const item of list)
      expect(Object.keys(item).sort()).toEqual(['code', 'description', 'differenceCode', 'picture']);
    expect(list.find((p) => p.code === '97110')).toEqual({
      code: '97110',
      description: 'Therapeutic exercise, each 15 minutes',
      differenceCode: 'P',
      picture: '',
    });
    const kinds = new Set(list.map((p) => String(p.differenceCode).charAt(0)));
    expect([...kinds].sort()).toEqual(['D', 'P']);
  });

  it('GET /procedures/search filters by code prefix, description and kind', async () => {
    const byCode = (await get('/api/procedures/search?code=9716', tokens.doctor)).json() as Json[];
    expect(byCode.map((p) => p.code)).toEqual(['97161', '97162', '97163', '97164']);
    const byDescription = (
      await get('/api/procedures/search?description=MASSAGE', tokens.doctor)
    ).json() as Json[];
    expect(byDescription.map((p) => p.code)).toContain('97124');
    const diagnoses = (
      await get('/api/procedures/search?differenceCode=diagnosis', tokens.doctor)
    ).json() as Json[];
    expect(diagnoses.length).toBeGreaterThan(0);
    for (const d of diagnoses) expect(d.differenceCode).toMatch(/^D/);
    const none = (await get('/api/procedures/search?code=%25', tokens.doctor)).json();
    expect(none).toEqual([]);
  });

  it('GET /procedures/{id} takes the code, in any case; unknown is 404', async () => {
    expect((await get('/api/procedures/97110', tokens.frontdesk)).json().code).toBe('97110');
    const diagnosis = (await get('/api/procedures/getAll', tokens.admin))
      .json()
      .find((p: Json) => p.differenceCode === 'D');
    const lower = await get(`/api/procedures/${String(diagnosis.code).toLowerCase()}`, tokens.frontdesk);
    expect(lower.statusCode).toBe(200);
    expect(lower.json().code).toBe(diagnosis.code);
    const missing = await get('/api/procedures/00000', tokens.frontdesk);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Code 00000 not found');
  });
});

describe('POST /procedures/add (ADMIN, MANAGER)', () => {
  it('refuses other roles and adds nothing', async () => {
    const before = await codeCount();
    const payload = { code: '97750', description: 'Physical performance test', differenceCode: 'P' };
    expect((await add(payload)).statusCode).toBe(401);
    for (const user of ['frontdesk', 'doctor', 'patient'] as const) {
      expect((await add(payload, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await codeCount()).toBe(before);
  });

  it('adds a procedure (MANAGER) and a diagnosis (ADMIN); codes are stored in upper case', async () => {
    await uploadTestImage(t, tokens.manager, 'procedurediagnosis', '97750-Test Pic.png');
    const procedure = await add(
      {
        code: '97750',
        description: 'Physical performance test',
        differenceCode: 'P',
        picture: '97750-test-pic.png',
      },
      tokens.manager,
    );
    expect(procedure.statusCode, procedure.body).toBe(201);
    expect(procedure.json()).toEqual({
      code: '97750',
      description: 'Physical performance test',
      differenceCode: 'P',
      picture: '97750-test-pic.png',
    });
    const diagnosis = await add(
      { code: 'm79.604', description: 'Pain in right leg', differenceCode: 'd' },
      tokens.admin,
    );
    expect(diagnosis.statusCode).toBe(201);
    expect(diagnosis.json()).toMatchObject({ code: 'M79.604', differenceCode: 'D' });
  });

  it('a duplicate code (in any case) is a 409', async () => {
    const before = await codeCount();
    const res = await add({ code: '97110', description: 'Again', differenceCode: 'P' }, tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Code 97110 already exists.');
    const lower = await add({ code: 'm79.604', description: 'Again', differenceCode: 'D' }, tokens.admin);
    expect(lower.statusCode).toBe(409);
    expect(await codeCount()).toBe(before);
    expect((await codeRow('97110'))?.description).toBe('Therapeutic exercise, each 15 minutes');
  });

  it('bad input gets a clear 400 and adds nothing', async () => {
    const before = await codeCount();
    const cases: [Json, RegExp][] = [
      [{ description: 'No code', differenceCode: 'P' }, /code is required/],
      [{ code: '   ', differenceCode: 'P' }, /code is required/],
      [{ code: 'search', differenceCode: 'P' }, /code must be/],
      [{ code: '../etc', differenceCode: 'P' }, /code must be/],
      [{ code: '12 34', differenceCode: 'P' }, /code must be/],
      [{ code: '99999' }, /differenceCode is required/],
      [{ code: '99999', differenceCode: 'X' }, /differenceCode must start with P/],
      [{ code: 99999, differenceCode: 'P' }, /code/],
      [{ code: '99999', differenceCode: 'P', picture: 'nowhere.png' }, /Image not found/],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload, tokens.admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await codeCount()).toBe(before);
  });
});

describe('PUT /procedures/update/{id} (ADMIN, MANAGER)', () => {
  it('refuses other roles and changes nothing', async () => {
    const before = await codeRow('97140');
    for (const user of ['frontdesk', 'doctor', 'patient'] as const) {
      expect((await update('97140', { description: 'Changed' }, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await codeRow('97140')).toEqual(before);
  });

  it('updates description and picture; a record sent back as received is fine', async () => {
    const picture = await uploadTestImage(t, tokens.manager, 'procedurediagnosis', '97140.png');
    const current = (await get('/api/procedures/97140', tokens.manager)).json();
    const res = await update('97140', { ...current, picture }, tokens.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...current, picture: '97140.png' });
  });

  it('the code cannot be changed; unknown code is 404; bad kind is 400; nothing changes', async () => {
    const before = await codeRow('97530');
    const rename = await update('97530', { code: '97531' }, tokens.admin);
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toMatch(/cannot be changed/);
    expect((await update('97530', { differenceCode: 'Z' }, tokens.admin)).statusCode).toBe(400);
    expect((await update('97530', { description: 5 }, tokens.admin)).statusCode).toBe(400);
    expect((await update('97530', { picture: 'missing.png' }, tokens.admin)).statusCode).toBe(400);
    expect((await update('00000', { description: 'X' }, tokens.admin)).statusCode).toBe(404);
    expect(await codeRow('97530')).toEqual(before);
  });
});

describe('DELETE /procedures/delete/{id} (ADMIN, MANAGER)', () => {
  it('refuses other roles; deletes; then 404', async () => {
    await add({ code: 'G9999', description: 'Temporary', differenceCode: 'P' }, tokens.admin);
    for (const user of ['frontdesk', 'doctor', 'patient'] as const) {
      const res = await t.call({
        method: 'DELETE',
        url: '/api/procedures/delete/G9999',
        token: tokens[user],
      });
      expect(res.statusCode, user).toBe(403);
    }
    expect(await codeRow('G9999')).toBeDefined();
    const res = await t.call({
      method: 'DELETE',
      url: '/api/procedures/delete/g9999',
      token: tokens.manager,
    });
    expect(res.statusCode).toBe(204);
    expect(await codeRow('G9999')).toBeUndefined();
    const again = await t.call({
      method: 'DELETE',
      url: '/api/procedures/delete/G9999',
      token: tokens.manager,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('codes used by diagnosis and procedure sets (docs/decisions/0029)', () => {
  const remove = (code: string) =>
    t.call({ method: 'DELETE', url: `/api/procedures/delete/${code}`, token: tokens.admin });

  it('a code an authorization set uses cannot be deleted (409); it stays', async () => {
    for (const code of ['97110', 'm54.50']) {
      const res = await remove(code);
      expect(res.statusCode, code).toBe(409);
      expect(res.json().message).toBe(
        `Code ${code.toUpperCase()} is used by authorizations and cannot be deleted.`,
      );
      expect(await codeRow(code.toUpperCase())).toBeDefined();
    }
  });

  it("a used code's kind cannot change (409); its other fields and same-kind differenceCodes can", async () => {
    const before = await codeRow('M54.50');
    const res = await update('M54.50', { differenceCode: 'Procedure' }, tokens.manager);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Code M54\.50 is used by authorizations; its kind .* cannot change\.$/,
    );
    expect(await codeRow('M54.50')).toEqual(before);

    const same = await update(
      'M54.50',
      { differenceCode: 'Diagnosis', description: 'Low back pain' },
      tokens.admin,
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ differenceCode: 'Diagnosis', description: 'Low back pain' });
  });

  it('an unused code still changes kind and is deleted', async () => {
    await add({ code: 'G9998', description: 'Unused', differenceCode: 'P' }, tokens.admin);
    expect((await update('G9998', { differenceCode: 'D' }, tokens.admin)).statusCode).toBe(200);
    expect((await remove('G9998')).statusCode).toBe(204);
  });
});
