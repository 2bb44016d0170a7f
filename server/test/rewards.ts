import { expect } from 'vitest';
import { practiceToday } from '../src/platform/time/practice-date';
import { addDays } from '../src/platform/time/zoned-time';
import type { TestApp } from './test-app';

type Json = Record<string, unknown>;

/** The practice's today as the server reads it, and a day that far from it. */
export function practiceDay(t: TestApp, offset = 0): string {
  return addDays(practiceToday(t.config.practiceTimeZone), offset);
}

/** A reward on sale from `startDay` to `endDay` (days from today), added through the API; answers it. */
export async function addItem(
  t: TestApp,
  token: string,
  overrides: Json & { startDay?: number; endDay?: number } = {},
): Promise<Json & { inventory_id: number; price: number; title: string }> {
  const { startDay = -1, endDay = 30, ...body } = overrides;
  const res = await t.call({
    method: 'POST',
    url: '/api/inventory/add',
    token,
    payload: {
      title: 'Test Reward',
      description: 'A reward made by a test.',
      price: 3,
      startDate: practiceDay(t, startDay),
      endDate: practiceDay(t, endDay),
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The patient's bank, read from the database. */
export function bankOfPatient(t: TestApp, patientId: number) {
  return t.database.db
    .selectFrom('points_banks')
    .selectAll()
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
}

/** Sets a bank's balance through the API, as a manager does (one adjustment in the ledger). */
export async function setBalance(t: TestApp, token: string, bankId: number, totalPoints: number) {
  const res = await t.call({
    method: 'PUT',
    url: `/api/points-bank/update/${bankId}?totalPoints=${totalPoints}&reason=Test%20setup`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every bank's balance equals the sum of its ledger rows (docs/architecture.md, Points). */
export async function expectLedgersBalanced(t: TestApp) {
  const rows = await t.database.db
    .selectFrom('points_banks as b')
    .leftJoin('points_ledger as l', 'l.points_bank_id', 'b.id')
    .select([
      'b.id',
      'b.total_points',
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('l.delta'), eb.lit(0)).as('sum'),
    ])
    .groupBy(['b.id', 'b.total_points'])
    .execute();
  const unbalanced = rows.filter((r) => Number(r.sum) !== r.total_points);
  expect(unbalanced).toEqual([]);
}

/** How many rows a table has: a refused call must leave it as it was. */
export async function countOf(
  t: TestApp,
  table: 'inventory_items' | 'receipts' | 'points_ledger' | 'points_banks',
): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A visit of the patient's written straight into the table (no booking rules, no completion effects), so a
 * test can hold a voucher or have a completed visit whose points were never awarded.
 */
export async function insertVisit(
  t: TestApp,
  visit: { patientId: number; date: string; status?: 'Scheduled' | 'Completed'; voucherReceiptId?: number },
): Promise<number> {
  const doctor = await t.database.db
    .selectFrom('doctors')
    .select(['id', 'office_id'])
    .where('office_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const status = visit.status ?? 'Scheduled';
  const startsAt = new Date(`${visit.date}T15:00:00Z`);
  const row = await t.database.db
    .insertInto('appointments')
    .values({
      office_id: doctor.office_id as number,
      doctor_id: doctor.id,
      patient_id: visit.patientId,
      appointment_date: visit.date,
      appointment_time: '09:00',
      starts_at: startsAt,
      type_visit: visit.voucherReceiptId ? `Voucher-${visit.voucherReceiptId}` : 'visit',
      voucher_receipt_id: visit.voucherReceiptId ?? null,
      status,
      completed_at: status === 'Completed' ? startsAt : null,
      doctor_exclusive: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new unvouched voucher (a visit reward's receipt) of a patient, for booking a voucher visit. */
export async function newVoucher(t: TestApp, patientId: number): Promise<number> {
  const db = t.database.db;
  const bank = await db
    .selectFrom('points_banks')
    .select('id')
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  const receipt = await db
    .insertInto('receipts')
    .values({
      points_bank_id: bank.id,
      inventory_item_id: null,
      name: '30-Minute Massage Voucher',
      vouched: false,
      amount_total: 0,
      amount_before: 0,
      amount_after: 0,
      date: '2026-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return receipt.id;
}
