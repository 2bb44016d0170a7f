import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy, committedAuditRow } from './audit-rows';
import { walkKeyPages } from './key-pages';
import { expectHiddenLikeMissing, expectRefusal } from './refusals';
import {
  addItem,
  bankOfPatient,
  countOf,
  expectLedgersBalanced,
  insertVisit,
  practiceDay,
  setBalance,
} from './rewards';
import { createTestApp, type TestApp } from './test-app';

/** Receipts: purchases, reads, hand-over and refunds (spec §7 Receipts, docs/decisions/0031). */
let t: TestApp;
let emily: number;
let james: number;
let emilyBank: number;
let jamesBank: number;
/** A 3-point reward on sale today. */
let item: { inventory_id: number; price: number; title: string };

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
const USERS = [...STAFF, 'patient', 'patient2'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;
const NOT_MANAGERS = ['frontdesk', 'doctor', 'patient'] as const;
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of USERS) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
  emilyBank = (await bankOfPatient(t, emily)).id;
  jamesBank = (await bankOfPatient(t, james)).id;
  item = await addItem(t, tokens.manager, { title: 'Massage Oil', price: 3 });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });
const buy = (payload: Json, token: string | undefined = tokens.patient) =>
  t.call({ method: 'POST', url: '/api/receipts', token, payload });
const balanceOf = async (bankId: number) =>
  (
    await t.database.db
      .selectFrom('points_banks')
      .select('total_points')
      .where('id', '=', bankId)
      .executeTakeFirstOrThrow()
  ).total_points;
const receiptRow = (id: number) =>
  t.database.db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
const ledgerOfReceipt = (id: number) =>
  t.database.db.selectFrom('points_ledger').selectAll().where('receipt_id', '=', id).execute();

/** Emily buys `of` (the 3-point item unless named) and answers the receipt. */
async function purchase(of: { inventory_id: number } = item): Promise<Json & { id: number }> {
  const res = await buy({ inventoryId: of.inventory_id, pointsBankId: emilyBank });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** What a refused call must leave as it was: the receipts, the ledger and the balances. */
async function snapshot() {
  return {
    receipts: await countOf(t, 'receipts'),
    ledger: await countOf(t, 'points_ledger'),
    emily: await balanceOf(emilyBank),
    james: await balanceOf(jamesBank),
  };
}

describe('POST /receipts, the purchase', () => {
  it('spends the price through the ledger and answers the receipt (201), dated the practice’s today', async () => {
    await setBalance(t, tokens.admin, emilyBank, 20);
    const res = await buy({
      inventoryId: String(item.inventory_id),
      pointsBankId: emilyBank,
      // What the client says about amounts and date is ignored: the server decides them.
      amountTotal: 0,
      amountBefore: 0,
      amountAfter: 0,
      date: '1999-01-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json();
    expect(receipt).toEqual({
      receipt_id: receipt.id,
      id: receipt.id,
      name: 'Massage Oil',
      vouched: false,
      pointsBankId: emilyBank,
      inventoryId: item.inventory_id,
      amountTotal: 3,
      amountBefore: 20,
      amountAfter: 17,
      date: practiceDay(t),
    });
    expect(await balanceOf(emilyBank)).toBe(17);
    const ledger = await ledgerOfReceipt(receipt.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'purchase', delta: -3, balance_before: 20, balance_after: 17 });
    expect(await committedAuditRow(t, 'receipt', 'create', receipt.id)).toMatchObject({
      actor_username: 'patient',
      patient_id: emily,
    });
    await expectLedgersBalanced(t);
  });

  it('a free reward (price 0) writes a receipt and no ledger row', async () => {
    const free = await addItem(t, tokens.manager, { title: 'Free Sticker', price: 0 });
    const before = await snapshot();
    const receipt = await purchase(free);
    expect(receipt).toMatchObject({ amountTotal: 0, amountBefore: before.emily, amountAfter: before.emily });
    expect(await ledgerOfReceipt(receipt.id)).toEqual([]);
    expect(await countOf(t, 'points_ledger')).toBe(before.ledger);
    await expectLedgersBalanced(t);
  });

  it('refuses bad input, other banks and unavailable items, writing nothing', async () => {
    await setBalance(t, tokens.admin, emilyBank, 4);
    const ended = await addItem(t, tokens.manager, { title: 'Ended', startDay: -10, endDay: -1 });
    const coming = await addItem(t, tokens.manager, { title: 'Coming', startDay: 1, endDay: 10 });
    const dear = await addItem(t, tokens.manager, { title: 'Dear', price: 5 });
    const before = await snapshot();
    const missingBank = await buy({ inventoryId: item.inventory_id, pointsBankId: 999999 });
    expectRefusal(missingBank, 404, 'Points bank not found.');
    const theirs = await buy({ inventoryId: item.inventory_id, pointsBankId: jamesBank });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missingBank.json());
    expectRefusal(await buy({ inventoryId: 999999, pointsBankId: emilyBank }), 404, 'Reward not found.');
    expectRefusal(
      await buy({ inventoryId: ended.inventory_id, pointsBankId: emilyBank }),
      409,
      MSG.rewardNotOnSale,
    );
    expectRefusal(
      await buy({ inventoryId: coming.inventory_id, pointsBankId: emilyBank }),
      409,
      MSG.rewardNotOnSale,
    );
    expectRefusal(
      await buy({ inventoryId: dear.inventory_id, pointsBankId: emilyBank }),
      409,
      MSG.notEnoughPoints,
    );
    expect((await buy({ inventoryId: 'abc', pointsBankId: emilyBank })).statusCode).toBe(400);
    expect((await buy({ inventoryId: '', pointsBankId: emilyBank })).statusCode).toBe(400);
    expect((await buy({ inventoryId: 1.5, pointsBankId: emilyBank })).statusCode).toBe(400);
    expect((await buy({ pointsBankId: emilyBank })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    await expectLedgersBalanced(t);
  });

  it('is for patients only: anonymous 401, staff 403', async () => {
    const before = await snapshot();
    expect((await buy({ inventoryId: item.inventory_id, pointsBankId: emilyBank }, '')).statusCode).toBe(401);
    for (const user of STAFF) {
      const res = await buy({ inventoryId: item.inventory_id, pointsBankId: emilyBank }, tokens[user]);
      expect(res.statusCode, user).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('reading receipts', () => {
  it('GET /receipts: staff read every receipt, newest first, paged by key', async () => {
    await setBalance(t, tokens.admin, emilyBank, 20);
    await purchase();
    await purchase();
    const all = (await get('/api/receipts?limit=200', tokens.frontdesk)).json() as Json[];
    const total = await countOf(t, 'receipts');
    expect(all).toHaveLength(total);
    const walked = await walkKeyPages((url) => get(url, tokens.doctor), '/api/receipts', 'id', 2);
    expect(walked.keys).toEqual(all.map((r) => r.id));
    expect(walked.keys).toEqual([...walked.keys].sort((a, b) => b - a));
    expect((await get('/api/receipts', tokens.patient)).statusCode).toBe(403);
    expect((await get('/api/receipts')).statusCode).toBe(401);
    expect((await get('/api/receipts?limit=0', tokens.admin)).statusCode).toBe(400);
  });

  it('GET /receipts/{id}: staff and the owning patient; another patient gets a 404 like a missing one', async () => {
    const receipt = await purchase();
    for (const user of [...STAFF, 'patient'] as const) {
      const res = await get(`/api/receipts/${receipt.id}`, tokens[user]);
      expect(res.statusCode, user).toBe(200);
      expect(res.json()).toEqual(receipt);
    }
    await expectHiddenLikeMissing(
      (url) => get(url, tokens.patient2),
      `/api/receipts/${receipt.id}`,
      '/api/receipts/999999',
    );
    expect((await get(`/api/receipts/${receipt.id}`)).statusCode).toBe(401);
    const rows = await auditedBy(t, 'receipt', 1, () => get(`/api/receipts/${receipt.id}`, tokens.patient2));
    expect(rows.map((r) => `${r.action} ${r.patient_id} ${r.outcome}`)).toEqual([`read ${emily} not_found`]);
  });

  it('GET /receipts/pointsBank/{id}: the bank’s own patient and staff', async () => {
    const receipt = await purchase();
    const own = await get(`/api/receipts/pointsBank/${emilyBank}`, tokens.patient);
    expect(own.statusCode).toBe(200);
    expect((own.json() as Json[]).map((r) => r.id)).toContain(receipt.id);
    expect((await get(`/api/receipts/pointsBank/${emilyBank}`, tokens.frontdesk)).statusCode).toBe(200);
    await expectHiddenLikeMissing(
      (url) => get(url, tokens.patient2),
      `/api/receipts/pointsBank/${emilyBank}`,
      '/api/receipts/pointsBank/999999',
    );
  });

  it('GET /receipts/inventory/{id} and /receipts/date/{d}: staff lists, paged by key', async () => {
    const other = await addItem(t, tokens.manager, { title: 'Counted', price: 1 });
    await setBalance(t, tokens.admin, emilyBank, 20);
    const bought = [await purchase(other), await purchase(other), await purchase(other)];
    const ids = bought.map((r) => r.id).reverse();
    const byItem = await walkKeyPages(
      (url) => get(url, tokens.manager),
      `/api/receipts/inventory/${other.inventory_id}`,
      'id',
      2,
    );
    expect(byItem.keys).toEqual(ids);
    expectRefusal(await get('/api/receipts/inventory/999999', tokens.admin), 404, 'Reward not found.');

    const today = practiceDay(t);
    const byDay = (await get(`/api/receipts/date/${today}?limit=200`, tokens.doctor)).json() as Json[];
    expect(byDay.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(byDay.every((r) => r.date === today)).toBe(true);
    expect((await get('/api/receipts/date/2001-01-01', tokens.admin)).json()).toEqual([]);
    expect((await get('/api/receipts/date/2030-02-30', tokens.admin)).statusCode).toBe(400);
    expect((await get('/api/receipts/date/yesterday', tokens.admin)).statusCode).toBe(400);

    for (const url of [`/api/receipts/inventory/${other.inventory_id}`, `/api/receipts/date/${today}`]) {
      expect((await get(url, tokens.patient)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});

describe('PUT /receipts/{id}', () => {
  const put = (id: number, payload: Json, token?: string) =>
    t.call({ method: 'PUT', url: `/api/receipts/${id}`, token, payload });

  it('a manager hands the reward over (vouched) and corrects its name; amounts stay', async () => {
    await setBalance(t, tokens.admin, emilyBank, 20);
    const receipt = await purchase();
    const res = await put(receipt.id, { vouched: true, name: '  Massage Oil (lavender) ' }, tokens.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...receipt, vouched: true, name: 'Massage Oil (lavender)' });
    expect(await committedAuditRow(t, 'receipt', 'update', receipt.id)).toMatchObject({ patient_id: emily });
  });

  it('refuses unknown receipts (404), bad input (400) and other roles (403/401), changing nothing', async () => {
    const receipt = await purchase();
    const before = await receiptRow(receipt.id);
    expectRefusal(await put(999999, { vouched: true }, tokens.admin), 404, 'Receipt not found.');
    expect((await put(receipt.id, { name: '  ' }, tokens.admin)).statusCode).toBe(400);
    expect((await put(receipt.id, { vouched: 'yes' }, tokens.admin)).statusCode).toBe(400);
    // Amounts are not the update's to change: an unknown field is dropped (docs/decisions/0006).
    expect((await put(receipt.id, { amountTotal: 0 }, tokens.admin)).json().amountTotal).toBe(3);
    for (const user of NOT_MANAGERS) {
      expect((await put(receipt.id, { vouched: true }, tokens[user])).statusCode, user).toBe(403);
    }
    expect((await put(receipt.id, { vouched: true })).statusCode).toBe(401);
    expect(await receiptRow(receipt.id)).toEqual(before);
  });
});

describe('DELETE /receipts/{id}, the refund', () => {
  const refund = (id: number, token: string | undefined = tokens.manager) =>
    t.call({ method: 'DELETE', url: `/api/receipts/${id}`, token });

  it('gives the points back through the ledger and deletes the receipt; a second refund is a 404', async () => {
    await setBalance(t, tokens.admin, emilyBank, 20);
    const receipt = await purchase();
    expect(await balanceOf(emilyBank)).toBe(17);
    const res = await refund(receipt.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await receiptRow(receipt.id)).toBeUndefined();
    expect(await balanceOf(emilyBank)).toBe(20);
    const refundRow = await t.database.db
      .selectFrom('points_ledger')
      .selectAll()
      .where('points_bank_id', '=', emilyBank)
      .where('reason', '=', 'refund')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(refundRow).toMatchObject({
      delta: 3,
      balance_before: 17,
      balance_after: 20,
      note: `Refund of receipt #${receipt.id}: Massage Oil`,
      receipt_id: null,
    });
    expect(await committedAuditRow(t, 'receipt', 'delete', receipt.id)).toMatchObject({
      actor_username: 'manager',
      patient_id: emily,
    });
    await expectLedgersBalanced(t);

    const before = await snapshot();
    expectRefusal(await refund(receipt.id), 404, 'Receipt not found.');
    expect(await snapshot()).toEqual(before);
  });

  it('a received reward is not refunded (409): vouched, or booked for a live visit', async () => {
    await setBalance(t, tokens.admin, emilyBank, 20);
    const vouched = await purchase();
    await t.call({
      method: 'PUT',
      url: `/api/receipts/${vouched.id}`,
      token: tokens.admin,
      payload: { vouched: true },
    });
    const booked = await purchase();
    const visit = await insertVisit(t, {
      patientId: emily,
      date: practiceDay(t, 60),
      voucherReceiptId: booked.id,
    });
    const before = await snapshot();
    expectRefusal(await refund(vouched.id), 409, MSG.receiptReceivedNoRefund);
    expectRefusal(await refund(booked.id), 409, MSG.receiptReceivedNoRefund);
    expect(await snapshot()).toEqual(before);

    // A canceled visit gives the voucher back: then it can be refunded.
    await t.database.db
      .updateTable('appointments')
      .set({ status: 'Canceled', canceled_at: new Date() })
      .where('id', '=', visit)
      .execute();
    expect((await refund(booked.id)).statusCode).toBe(204);
    expect(await balanceOf(emilyBank)).toBe(before.emily + 3);
    await expectLedgersBalanced(t);
  });

  it('a free reward is refunded without a ledger row', async () => {
    const free = await addItem(t, tokens.manager, { title: 'Free Pen', price: 0 });
    const receipt = await purchase(free);
    const ledger = await countOf(t, 'points_ledger');
    expect((await refund(receipt.id)).statusCode).toBe(204);
    expect(await countOf(t, 'points_ledger')).toBe(ledger);
    expect(await receiptRow(receipt.id)).toBeUndefined();
  });

  it('is for ADMIN and MANAGER only', async () => {
    const receipt = await purchase();
    for (const user of NOT_MANAGERS)
      expect((await refund(receipt.id, tokens[user])).statusCode, user).toBe(403);
    expect((await refund(receipt.id, '')).statusCode).toBe(401);
    expect(await receiptRow(receipt.id)).toBeDefined();
    expect((await refund(receipt.id, tokens.admin)).statusCode).toBe(204);
    await expectLedgersBalanced(t);
  });
});
