import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
});
afterAll(async () => {
  await t?.close();
});

interface WirePromotion {
  id: number;
  title: string;
  description: string;
  picture: string;
  status: number;
}

async function create(body: Record<string, unknown>, token = manager): Promise<WirePromotion> {
  const res = await t.call({ method: 'POST', url: '/api/promotions/add', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function countRows(): Promise<number> {
  const rows = await t.database.db.selectFrom('promotions').select('id').execute();
  return rows.length;
}

describe('reading promotions', () => {
  it('GET /api/promotions/sorted: shown promotions, ascending by status, the same for everyone', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/api/promotions/sorted' });
    expect(anonymous.statusCode).toBe(200);
    const list: WirePromotion[] = anonymous.json();
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['description', 'id', 'picture', 'status', 'title']);
    const statuses = list.map((p) => p.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(statuses.every((s) => s >= 1)).toBe(true);

    const asManager = await t.call({ method: 'GET', url: '/api/promotions/sorted', token: manager });
    expect(asManager.json()).toEqual(list);
  });

  it('GET /api/promotions/{id} answers one promotion; an unknown id is 404; a bad id is 400', async () => {
    const [first] = (
      await t.call({ method: 'GET', url: '/api/promotions/sorted' })
    ).json() as WirePromotion[];
    const one = await t.call({ method: 'GET', url: `/api/promotions/${first?.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
    expect((await t.call({ method: 'GET', url: '/api/promotions/999999' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/promotions/abc' })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/promotions/0' })).statusCode).toBe(400);
  });
});

describe('hidden promotions (status 0)', () => {
  it('are seen by managers only: /all, /{id}; never in the carousel', async () => {
    const hidden = await create({ title: 'Staff preview', description: 'Not yet public.', picture: '' });
    const status = await t.call({
      method: 'PUT',
      url: `/api/promotions/${hidden.id}/status?status=0`,
      token: manager,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().status).toBe(0);

    const publicAll: WirePromotion[] = (await t.call({ method: 'GET', url: '/api/promotions/all' })).json();
    expect(publicAll.some((p) => p.id === hidden.id)).toBe(false);
    expect(publicAll.every((p) => p.status >= 1)).toBe(true);
    for (const user of ['patient', 'doctor', 'frontdesk']) {
      const token = await t.login(user);
      const all: WirePromotion[] = (
        await t.call({ method: 'GET', url: '/api/promotions/all', token })
      ).json();
      expect(
        all.some((p) => p.id === hidden.id),
        user,
      ).toBe(false);
      const one = await t.call({ method: 'GET', url: `/api/promotions/${hidden.id}`, token });
      expect(one.statusCode, user).toBe(404);
    }
    expect((await t.call({ method: 'GET', url: `/api/promotions/${hidden.id}` })).statusCode).toBe(404);

    for (const token of [manager, admin]) {
      const all: WirePromotion[] = (
        await t.call({ method: 'GET', url: '/api/promotions/all', token })
      ).json();
      expect(all.some((p) => p.id === hidden.id && p.status === 0)).toBe(true);
      const one = await t.call({ method: 'GET', url: `/api/promotions/${hidden.id}`, token });
      expect(one.statusCode).toBe(200);
    }
    const sorted: WirePromotion[] = (
      await t.call({ method: 'GET', url: '/api/promotions/sorted', token: manager })
    ).json();
    expect(sorted.some((p) => p.id === hidden.id)).toBe(false);
  });
});

describe('writing promotions', () => {
  it('POST /add creates with status 1 whatever the body says; the id and status of the body are ignored', async () => {
    const created = await create({
      id: 1,
      status: 0,
      title: '  Spring Tune-Up  ',
      description: 'A free movement screen.',
      picture: 'spring-tune-up.png',
    });
    expect(created).toMatchObject({
      title: 'Spring Tune-Up',
      description: 'A free movement screen.',
      picture: 'spring-tune-up.png',
      status: 1,
    });
    expect(created.id).not.toBe(1);
    const sorted: WirePromotion[] = (await t.call({ method: 'GET', url: '/api/promotions/sorted' })).json();
    expect(sorted.some((p) => p.id === created.id)).toBe(true);
  });

  it('ADMIN may create too; a picture may be an /images/ path or an http(s) URL', async () => {
    expect(
      (await create({ title: 'A', description: 'B', picture: '/images/promotion/a.png' }, admin)).picture,
    ).toBe('/images/promotion/a.png');
    expect(
      (await create({ title: 'C', description: 'D', picture: 'https://cdn.example.com/c.jpg' })).picture,
    ).toBe('https://cdn.example.com/c.jpg');
  });

  it('bad input is a 400 naming the field and changes nothing', async () => {
    const before = await countRows();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ description: 'x' }, /title/],
      [{ title: '   ', description: 'x' }, /title/],
      [{ title: 'x', description: '' }, /description/],
      [{ title: 'x'.repeat(121), description: 'x' }, /title/],
      [{ title: 'x', description: 'x', picture: 'javascript:alert(1)' }, /picture/],
      [{ title: 'x', description: 'x', picture: '"><script>' }, /picture/],
      [{ title: 'x', description: 'x', picture: 42 }, /picture/],
      [{ title: 7, description: 'x' }, /title/],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call({ method: 'POST', url: '/api/promotions/add', token: manager, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(field);
    }
    const notJson = await t.call({
      method: 'POST',
      url: '/api/promotions/add',
      token: manager,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it('PUT /{id} edits title, description, picture and status', async () => {
    const created = await create({ title: 'Old', description: 'Old text', picture: 'old.png' });
    const res = await t.call({
      method: 'PUT',
      url: `/api/promotions/${created.id}`,
      token: manager,
      payload: {
        ...created,
        id: 99999,
        title: 'New',
        description: 'New text',
        picture: 'new.png',
        status: 7,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: created.id,
      title: 'New',
      description: 'New text',
      picture: 'new.png',
      status: 7,
    });
    const read = await t.call({ method: 'GET', url: `/api/promotions/${created.id}` });
    expect(read.json()).toEqual(res.json());

    // Leaving the picture and status out keeps them.
    const partial = await t.call({
      method: 'PUT',
      url: `/api/promotions/${created.id}`,
      token: manager,
      payload: { title: 'Newer', description: 'Newer text' },
    });
    expect(partial.json()).toMatchObject({ title: 'Newer', picture: 'new.png', status: 7 });
  });

  it('PUT /{id} refuses bad input and unknown ids', async () => {
    const created = await create({ title: 'Keep', description: 'Keep me', picture: '' });
    for (const payload of [
      { title: '', description: 'x' },
      { title: 'x', description: 'x', status: -1 },
      { title: 'x', description: 'x', status: 1000 },
      { title: 'x', description: 'x', status: 1.5 },
      { title: 'x', description: 'x', status: '2' },
    ]) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/promotions/${created.id}`,
        token: manager,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const read = await t.call({ method: 'GET', url: `/api/promotions/${created.id}` });
    expect(read.json()).toEqual(created);
    const missing = await t.call({
      method: 'PUT',
      url: '/api/promotions/999999',
      token: manager,
      payload: { title: 'x', description: 'y' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('PUT /{id}/status?status= accepts 0 to 999 and refuses anything else', async () => {
    const created = await create({ title: 'Status', description: 'Moves around', picture: '' });
    for (const status of [0, 2, 999, 1]) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/promotions/${created.id}/status?status=${status}`,
        token: manager,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...created, status });
    }
    for (const status of ['-1', '1000', '1.5', 'abc', '']) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/promotions/${created.id}/status?status=${status}`,
        token: manager,
      });
      expect(res.statusCode, status).toBe(400);
      expect(res.json().message).toMatch(/status/);
    }
    const missingParam = await t.call({
      method: 'PUT',
      url: `/api/promotions/${created.id}/status`,
      token: manager,
    });
    expect(missingParam.statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `/api/promotions/${created.id}` })).json().status).toBe(1);
    const missing = await t.call({
      method: 'PUT',
      url: '/api/promotions/999999/status?status=1',
      token: manager,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the carousel order follows the statuses', async () => {
    const a = await create({ title: 'Order A', description: 'a', picture: '' });
    const b = await create({ title: 'Order B', description: 'b', picture: '' });
    await t.call({ method: 'PUT', url: `/api/promotions/${a.id}/status?status=900`, token: manager });
    await t.call({ method: 'PUT', url: `/api/promotions/${b.id}/status?status=899`, token: manager });
    const ids = (
      (await t.call({ method: 'GET', url: '/api/promotions/sorted' })).json() as WirePromotion[]
    ).map((p) => p.id);
    expect(ids.indexOf(b.id)).toBeGreaterThan(-1);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it('DELETE /{id} removes it; a second delete is 404', async () => {
    const created = await create({ title: 'Gone soon', description: 'x', picture: '' });
    const res = await t.call({ method: 'DELETE', url: `/api/promotions/${created.id}`, token: admin });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.call({ method: 'GET', url: `/api/promotions/${created.id}`, token: admin })).statusCode,
    ).toBe(404);
    const again = await t.call({ method: 'DELETE', url: `/api/promotions/${created.id}`, token: admin });
    expect(again.statusCode).toBe(404);
  });
});

describe('who may write', () => {
  it('FRONTDESK, DOCTOR and PATIENT get 403 on every write; nothing changes', async () => {
    const target = await create({ title: 'Protected', description: 'Do not touch', picture: '' });
    const before = await countRows();
    for (const user of ['frontdesk', 'doctor', 'patient']) {
      const token = await t.login(user);
      const calls = [
        { method: 'POST' as const, url: '/api/promotions/add', payload: { title: 'x', description: 'y' } },
        {
          method: 'PUT' as const,
          url: `/api/promotions/${target.id}`,
          payload: { title: 'x', description: 'y' },
        },
        { method: 'PUT' as const, url: `/api/promotions/${target.id}/status?status=0` },
        { method: 'DELETE' as const, url: `/api/promotions/${target.id}` },
      ];
      for (const call of calls) {
        const res = await t.call({ ...call, token });
        expect(res.statusCode, `${user} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
    }
    expect(await countRows()).toBe(before);
    expect((await t.call({ method: 'GET', url: `/api/promotions/${target.id}` })).json()).toEqual(target);
  });

  it('without a token every write is 401', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/promotions/add',
      payload: { title: 'x', description: 'y' },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/api/promotions/1' })).statusCode).toBe(401);
    expect((await t.call({ method: 'PUT', url: '/api/promotions/1/status?status=0' })).statusCode).toBe(401);
  });
});
