import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, bankOfPatient, countOf, expectLedgersBalanced, setBalance } from './rewards';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

/**
 * No double spend under concurrency (docs/decisions/0031): many simultaneous purchases by one patient,
 * sent to two app instances with pools of their own on one PostgreSQL server, spend exactly what the
 * balance allows. PGlite has a single connection, so there the requests would only take turns; this runs
 * when TEST_DATABASE_URL is set.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const CONCURRENT = 50;
const PRICE = 3;
const BALANCE = 20;
const AFFORDABLE = Math.floor(BALANCE / PRICE);

describe.runIf(onServer)('simultaneous purchases on PostgreSQL', () => {
  let t: TestApp;
  let second: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp();
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it(`${CONCURRENT} purchases of a ${PRICE}-point reward with ${BALANCE} points: exactly ${AFFORDABLE} succeed`, async () => {
    const admin = await t.login('admin');
    const patient = await t.login('patient');
    const bank = await bankOfPatient(t, await t.patientIdOf('patient'));
    await setBalance(t, admin, bank.id, BALANCE);
    const item = await addItem(t, admin, { title: 'Race Reward', price: PRICE });
    const receiptsBefore = await countOf(t, 'receipts');

    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        (i % 2 === 0 ? t.app : second.app).inject({
          method: 'POST',
          url: '/api/receipts',
          headers: { authorization: `Bearer ${patient}` },
          payload: { inventoryId: item.inventory_id, pointsBankId: bank.id },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(AFFORDABLE);
    expect(codes.filter((c) => c === 409)).toHaveLength(CONCURRENT - AFFORDABLE);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(MSG.notEnoughPoints);
    }

    expect((await bankOfPatient(t, bank.patient_id)).total_points).toBe(BALANCE - AFFORDABLE * PRICE);
    const receipts = await t.database.db
      .selectFrom('receipts')
      .selectAll()
      .where('inventory_item_id', '=', item.inventory_id)
      .orderBy('id')
      .execute();
    expect(receipts).toHaveLength(AFFORDABLE);
    expect(await countOf(t, 'receipts')).toBe(receiptsBefore + AFFORDABLE);
    // Each purchase saw the balance the one before it left.
    expect(receipts.map((r) => r.amount_before)).toEqual(
      Array.from({ length: AFFORDABLE }, (_, i) => BALANCE - i * PRICE),
    );
    const purchases = await t.database.db
      .selectFrom('points_ledger')
      .select(['receipt_id', 'delta'])
      .where('points_bank_id', '=', bank.id)
      .where('reason', '=', 'purchase')
      .where(
        'receipt_id',
        'in',
        receipts.map((r) => r.id),
      )
      .execute();
    expect(purchases).toHaveLength(AFFORDABLE);
    expect(purchases.every((p) => p.delta === -PRICE)).toBe(true);
    await expectLedgersBalanced(t);
  });
});
