import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy, committedAuditRow } from './audit-rows';
import { walkKeyPages } from './key-pages';
import { expectRefusal } from './refusals';
import { addItem, bankOfPatient, countOf, expectLedgersBalanced, practiceDay, setBalance } from './rewards';
import { createTestApp, type TestApp } from './test-app';
import { tempDataDir } from './test-images';

/** The rewards shop's items (spec §7 Inventory, docs/decisions/0031). */
let t: TestApp;
const data = tempDataDir('inventory-test');
const USERS = ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;
const NOT_MANAGERS = ['frontdesk', 'doctor', 'patient'] as const;
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: data.dir } });
  for (const user of USERS) tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t?.close();
  data.remove();
});

const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });
const validBody = (overrides: Json = {}): Json => ({
  title: 'Yoga Mat',
  description: 'A 6 mm mat.',
  price: 10,
  startDate: practiceDay(t, -1),
  endDate: practiceDay(t, 10),
  ...overrides,
});
const itemRow = (id: number) =>
  t.database.db.selectFrom('inventory_items').selectAll().where('id', '=', id).executeTakeFirst();

async function pngUpload(filename: string) {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('filename', filename);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return form;
}

describe('GET /inventory/all and /inventory/{id} (public)', () => {
  it('anyone may browse: newest first, with the spec’s field names', async () => {
    const added = await addItem(t, tokens.manager, { title: 'Browse Me' });
    const res = await get('/api/inventory/all');
    expect(res.statusCode).toBe(200);
    const items = res.json() as Json[];
    expect(items[0]).toEqual(added);
    expect(Object.keys(added).sort()).toEqual(
      ['description', 'endDate', 'inventory_id', 'picture', 'price', 'startDate', 'title'].sort(),
    );
    const ids = items.map((i) => i.inventory_id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await get(`/api/inventory/${added.inventory_id}`)).json()).toEqual(added);
  });

  it('available=true keeps only what is on sale on the practice’s today, its first and last day included', async () => {
    const past = await addItem(t, tokens.manager, { title: 'Ended', startDay: -10, endDay: -1 });
    const future = await addItem(t, tokens.manager, { title: 'Not yet', startDay: 1, endDay: 10 });
    const endsToday = await addItem(t, tokens.manager, { title: 'Last day', startDay: -3, endDay: 0 });
    const startsToday = await addItem(t, tokens.manager, { title: 'First day', startDay: 0, endDay: 3 });
    const all = (await get('/api/inventory/all?limit=200')).json() as Json[];
    const onSale = (await get('/api/inventory/all?available=true&limit=200')).json() as Json[];
    const ids = (list: Json[]) => list.map((i) => i.inventory_id);
    expect(ids(all)).toEqual(expect.arrayContaining([past.inventory_id, future.inventory_id]));
    expect(ids(onSale)).toEqual(expect.arrayContaining([endsToday.inventory_id, startsToday.inventory_id]));
    expect(ids(onSale)).not.toContain(past.inventory_id);
    expect(ids(onSale)).not.toContain(future.inventory_id);
    const today = practiceDay(t);
    for (const item of onSale) {
      expect(String(item.startDate) <= today && today <= String(item.endDate), JSON.stringify(item)).toBe(
        true,
      );
    }
    // The seed has rewards on sale around its today.
    expect(onSale.length).toBeGreaterThanOrEqual(5);
  });

  it('pages by key with a Link header that keeps the filter', async () => {
    const all = (await get('/api/inventory/all?limit=200')).json() as Json[];
    const walked = await walkKeyPages(get, '/api/inventory/all', 'inventory_id', 3);
    expect(walked.keys).toEqual(all.map((i) => i.inventory_id));
    expect(walked.pages).toBe(Math.ceil(all.length / 3));
    const onSale = (await get('/api/inventory/all?available=true&limit=200')).json() as Json[];
    const walkedOnSale = await walkKeyPages(get, '/api/inventory/all?available=true', 'inventory_id', 2);
    expect(walkedOnSale.keys).toEqual(onSale.map((i) => i.inventory_id));
  });

  it('an unknown item is a 404, a bad id or limit a 400', async () => {
    expectRefusal(await get('/api/inventory/999999'), 404, 'Reward not found.');
    expect((await get('/api/inventory/abc')).statusCode).toBe(400);
    expect((await get('/api/inventory/all?limit=201')).statusCode).toBe(400);
    expect((await get('/api/inventory/all?available=maybe')).statusCode).toBe(400);
  });
});

describe('POST /inventory/add', () => {
  it.each(['admin', 'manager'] as const)(
    '%s adds an item (201), its audit row committed with it',
    async (user) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/inventory/add',
        token: tokens[user],
        payload: validBody({ title: '  Mat  ' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json();
      expect(item).toMatchObject({ title: 'Mat', price: 10, picture: '', startDate: practiceDay(t, -1) });
      expect(await committedAuditRow(t, 'inventory', 'create', item.inventory_id)).toMatchObject({
        actor_username: user,
        patient_id: null,
      });
    },
  );

  it('refuses anonymous callers (401) and other roles (403), adding nothing', async () => {
    const before = await countOf(t, 'inventory_items');
    const anonymous = await t.call({ method: 'POST', url: '/api/inventory/add', payload: validBody() });
    expect(anonymous.statusCode).toBe(401);
    for (const user of NOT_MANAGERS) {
      const res = await t.call({
        method: 'POST',
        url: '/api/inventory/add',
        token: tokens[user],
        payload: validBody(),
      });
      expect(res.statusCode, user).toBe(403);
    }
    expect(await countOf(t, 'inventory_items')).toBe(before);
  });

  it.each([
    ['a negative price', { price: -1 }, /price/],
    ['a fractional price', { price: 1.5 }, /price/],
    ['a price as text', { price: 'ten' }, /price/],
    ['a blank title', { title: '   ' }, /title/],
    ['no description', { description: undefined }, /description/],
    [
      'an end before the start',
      { startDate: '2030-05-02', endDate: '2030-05-01' },
      'End date must be on or after the start date.',
    ],
    ['a day that does not exist', { startDate: '2030-02-30' }, /startDate/],
    ['a date in another format', { endDate: '05/01/2030' }, /endDate/],
    ['a picture that was never uploaded', { picture: 'nope.png' }, /Image not found/],
  ])('refuses %s with a 400, adding nothing', async (_label, overrides, message) => {
    const before = await countOf(t, 'inventory_items');
    const res = await t.call({
      method: 'POST',
      url: '/api/inventory/add',
      token: tokens.admin,
      payload: validBody(overrides),
    });
    expectRefusal(res, 400, message);
    expect(await countOf(t, 'inventory_items')).toBe(before);
  });

  it('a one-day sale (start equals end) is allowed, and a price of 0 is a free reward', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/inventory/add',
      token: tokens.admin,
      payload: validBody({ price: 0, startDate: '2030-05-01', endDate: '2030-05-01' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('PUT /inventory/update/{id}', () => {
  it('a manager changes every field; the audit row is committed', async () => {
    const item = await addItem(t, tokens.manager);
    const res = await t.call({
      method: 'PUT',
      url: `/api/inventory/update/${item.inventory_id}`,
      token: tokens.manager,
      payload: validBody({ title: 'Renamed', price: 7 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inventory_id: item.inventory_id, title: 'Renamed', price: 7 });
    expect(await itemRow(item.inventory_id)).toMatchObject({ title: 'Renamed', price: 7 });
    expect(await committedAuditRow(t, 'inventory', 'update', item.inventory_id)).toBeDefined();
  });

  it('refuses bad input (400), unknown items (404) and other roles (403/401), changing nothing', async () => {
    const item = await addItem(t, tokens.manager, { title: 'Unchanged' });
    const url = `/api/inventory/update/${item.inventory_id}`;
    const before = await itemRow(item.inventory_id);
    expectRefusal(
      await t.call({
        method: 'PUT',
        url,
        token: tokens.admin,
        payload: validBody({ startDate: '2030-01-02', endDate: '2030-01-01' }),
      }),
      400,
      'End date must be on or after the start date.',
    );
    expect(
      (await t.call({ method: 'PUT', url, token: tokens.admin, payload: validBody({ price: -1 }) }))
        .statusCode,
    ).toBe(400);
    expectRefusal(
      await t.call({
        method: 'PUT',
        url: '/api/inventory/update/999999',
        token: tokens.admin,
        payload: validBody(),
      }),
      404,
      'Reward not found.',
    );
    for (const user of NOT_MANAGERS) {
      expect(
        (await t.call({ method: 'PUT', url, token: tokens[user], payload: validBody() })).statusCode,
      ).toBe(403);
    }
    expect((await t.call({ method: 'PUT', url, payload: validBody() })).statusCode).toBe(401);
    expect(await itemRow(item.inventory_id)).toEqual(before);
  });
});

describe('DELETE /inventory/delete/{id}', () => {
  it('deletes the item (204); its receipts keep their name and lose the link', async () => {
    const emily = await t.patientIdOf('patient');
    const bank = await bankOfPatient(t, emily);
    await setBalance(t, tokens.admin, bank.id, 20);
    const item = await addItem(t, tokens.manager, { title: 'Short-lived', price: 2 });
    const bought = await t.call({
      method: 'POST',
      url: '/api/receipts',
      token: tokens.patient,
      payload: { inventoryId: item.inventory_id, pointsBankId: bank.id },
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const res = await t.call({
      method: 'DELETE',
      url: `/api/inventory/delete/${item.inventory_id}`,
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(204);
    expect(await itemRow(item.inventory_id)).toBeUndefined();
    const receipt = await t.database.db
      .selectFrom('receipts')
      .selectAll()
      .where('id', '=', bought.json().id)
      .executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ name: 'Short-lived', inventory_item_id: null });
    expect(await committedAuditRow(t, 'inventory', 'delete', item.inventory_id)).toBeDefined();
    expectRefusal(
      await t.call({
        method: 'DELETE',
        url: `/api/inventory/delete/${item.inventory_id}`,
        token: tokens.admin,
      }),
      404,
      'Reward not found.',
    );
    await expectLedgersBalanced(t);
  });

  it('refuses other roles (403) and anonymous callers (401)', async () => {
    const item = await addItem(t, tokens.manager);
    const url = `/api/inventory/delete/${item.inventory_id}`;
    for (const user of NOT_MANAGERS) {
      expect((await t.call({ method: 'DELETE', url, token: tokens[user] })).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(await itemRow(item.inventory_id)).toBeDefined();
  });
});

describe('the item’s pictures', () => {
  it('lists none, then the uploaded one; the upload lands in the inventory folder', async () => {
    const item = await addItem(t, tokens.manager);
    const base = `/api/inventory/${item.inventory_id}/pictures`;
    expect((await get(base)).json()).toEqual([]);
    const res = await t.call({
      method: 'POST',
      url: base,
      token: tokens.manager,
      payload: await pngUpload('bottle.png'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inventory_id: item.inventory_id, picture: 'bottle.png' });
    expect(existsSync(path.join(data.dir, 'images', 'inventory', 'bottle.png'))).toBe(true);
    expect((await get(base)).json()).toEqual(['bottle.png']);
    expect((await itemRow(item.inventory_id))?.picture).toBe('bottle.png');
    expect(await committedAuditRow(t, 'inventory', 'update', item.inventory_id)).toBeDefined();

    // The stored name may be sent back with an update, and another uploaded picture attached.
    const kept = await t.call({
      method: 'PUT',
      url: `/api/inventory/update/${item.inventory_id}`,
      token: tokens.manager,
      payload: validBody({ picture: 'bottle.png' }),
    });
    expect(kept.json().picture).toBe('bottle.png');
  });

  it('refuses uploads by other roles, for unknown items, and of files that are not images', async () => {
    const item = await addItem(t, tokens.manager);
    const base = `/api/inventory/${item.inventory_id}/pictures`;
    for (const user of NOT_MANAGERS) {
      const res = await t.call({
        method: 'POST',
        url: base,
        token: tokens[user],
        payload: await pngUpload('x.png'),
      });
      expect(res.statusCode, user).toBe(403);
    }
    expect((await t.call({ method: 'POST', url: base, payload: await pngUpload('x.png') })).statusCode).toBe(
      401,
    );
    const unknown = await t.call({
      method: 'POST',
      url: '/api/inventory/999999/pictures',
      token: tokens.admin,
      payload: await pngUpload('x.png'),
    });
    expectRefusal(unknown, 404, 'Reward not found.');
    const text = new FormData();
    text.append('file', new Blob(['not an image']), 'x.png');
    expect((await t.call({ method: 'POST', url: base, token: tokens.admin, payload: text })).statusCode).toBe(
      400,
    );
    expect((await itemRow(item.inventory_id))?.picture).toBe('');
    expectRefusal(await get('/api/inventory/999999/pictures'), 404, 'Reward not found.');
  });

  it('refused writes are audited with their outcome', async () => {
    const rows = await auditedBy(t, 'inventory', 2, async () => {
      await t.call({
        method: 'POST',
        url: '/api/inventory/add',
        token: tokens.patient,
        payload: validBody(),
      });
      await t.call({ method: 'DELETE', url: '/api/inventory/delete/999999', token: tokens.admin });
    });
    expect(rows.map((r) => `${r.action} ${r.actor_username} ${r.outcome}`).sort()).toEqual(
      ['create patient denied', 'delete admin not_found'].sort(),
    );
  });
});
