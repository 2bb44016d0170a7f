import { insideCutoffMessage, NOT_SCHEDULED_MESSAGE } from '@clinic/contract/self-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/platform/time/zoned-time';
import { committedAuditRow } from './audit-rows';
import { slotSource } from './fresh-slots';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

/**
 * Patients cancel and move their own visits online (issue 14): only their own, only Scheduled ones, only
 * outside the network's cut-off; a move re-runs every booking rule; either frees the slot at once.
 */
let t: TestApp;
const tokens = {} as Record<'patient' | 'patient2' | 'frontdesk' | 'admin', string>;
let emily: number;
let james: number;
const PORTLAND = 3; // one visit per slot; doctors 3 and 7
const PORTLAND_PHONE = '(503) 555-0130';

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['patient', 'patient2', 'frontdesk', 'admin'] as const)
    tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** Open Portland days beyond the seeded visits, each slot handed out once. */
const slots = slotSource(db);
const freshSlot = () => slots.freshSlot(PORTLAND, 21);

async function book(token: string, slot: { date: string; time: string }, doctorId = 3): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token,
    payload: {
      officeId: PORTLAND,
      doctorId,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'eval',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId;
}

const cancel = (token: string, id: number) =>
  t.call({ method: 'POST', url: `/api/appointments/${id}/cancel`, token });
const move = (token: string, id: number, slot: { date: string; time: string }, doctorId = 3) =>
  t.call({
    method: 'POST',
    url: `/api/appointments/${id}/reschedule`,
    token,
    payload: { officeId: PORTLAND, doctorId, appointmentDate: slot.date, appointmentTime: slot.time },
  });
const booked = async (slot: { date: string; time: string }) =>
  (
    await t.call({
      method: 'GET',
      url: `/api/appointments/available-times?officeId=${PORTLAND}&date=${slot.date}`,
      token: tokens.patient,
    })
  )
    .json()
    .bookedSlots.includes(slot.time);

describe('the change policy', () => {
  it('tells a signed-in user the cut-off (24 hours unless configured)', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/appointments/change-policy',
      token: tokens.patient,
    });
    expect(res.json()).toEqual({ cutoffHours: 24 });
    expect((await t.call({ method: 'GET', url: '/api/appointments/change-policy' })).statusCode).toBe(401);
  });
});

describe('POST /api/appointments/{id}/cancel', () => {
  it('cancels the patient’s own visit, audited, and another patient books the freed slot at once', async () => {
    const slot = await freshSlot();
    const id = await book(tokens.patient, slot);
    expect(await booked(slot)).toBe(true);
    const res = await cancel(tokens.patient, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conformation).toBe('Canceled');
    expect(await booked(slot)).toBe(false);
    expect(await book(tokens.patient2, slot)).toBeGreaterThan(0);
    const row = await committedAuditRow(t, 'appointment', 'update', id);
    expect(row?.patient_id).toBe(emily);
  });

  it("never touches another patient's visit (404), and staff use their own tools (403)", async () => {
    const id = await book(tokens.patient2, await freshSlot());
    expect((await cancel(tokens.patient, id)).statusCode).toBe(404);
    expect((await cancel(tokens.frontdesk, id)).statusCode).toBe(403);
    expect((await cancel(tokens.patient, 999999)).statusCode).toBe(404);
    const row = await db()
      .selectFrom('appointments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Scheduled');
  });

  it('refuses inside the cut-off with how to reach the office, and a visit no longer Scheduled', async () => {
    const id = await book(tokens.patient, await freshSlot());
    await db()
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() + 5 * 3_600_000) })
      .where('id', '=', id)
      .execute();
    const inside = await cancel(tokens.patient, id);
    expect(inside.statusCode).toBe(409);
    expect(inside.json().message).toBe(insideCutoffMessage(24, PORTLAND_PHONE));

    const other = await book(tokens.patient, await freshSlot());
    expect((await cancel(tokens.patient, other)).statusCode).toBe(200);
    const again = await cancel(tokens.patient, other);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_SCHEDULED_MESSAGE);
  });
});

describe('POST /api/appointments/{id}/reschedule', () => {
  it('moves the visit and frees the old slot at once; the rules of a booking apply to the new one', async () => {
    const from = await freshSlot();
    const to = await freshSlot();
    const id = await book(tokens.patient, from);
    const res = await move(tokens.patient, id, to);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      appointmentDate: to.date,
      appointmentTime: to.time,
      conformation: 'Scheduled',
    });
    expect(await booked(from)).toBe(false);
    expect(await booked(to)).toBe(true);

    // A slot someone else holds, a closed day and a malformed body are refused, and nothing moves.
    const taken = await freshSlot();
    await book(tokens.patient2, taken, 7);
    const full = await move(tokens.patient, id, taken);
    expect(full.statusCode).toBe(409);
    const closed = await db()
      .selectFrom('office_hours')
      .select('date')
      .where('office_id', '=', PORTLAND)
      .where('day_of_week', '=', 'Closed')
      .where('date', '>', addDays(to.date, -20))
      .orderBy('date')
      .executeTakeFirstOrThrow();
    expect((await move(tokens.patient, id, { date: closed.date, time: '10:00' })).statusCode).toBe(400);
    const bad = await t.call({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      token: tokens.patient,
      payload: { officeId: PORTLAND, doctorId: 3, appointmentDate: 'soon', appointmentTime: '10:00' },
    });
    expect(bad.statusCode).toBe(400);
    const row = await db()
      .selectFrom('appointments')
      .select(['appointment_date', 'appointment_time', 'patient_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([row.appointment_date, row.appointment_time.slice(0, 5), row.patient_id]).toEqual([
      to.date,
      to.time,
      emily,
    ]);
  });

  it("refuses another patient's visit (404) and one inside the cut-off (409)", async () => {
    const id = await book(tokens.patient2, await freshSlot());
    expect((await move(tokens.patient, id, await freshSlot())).statusCode).toBe(404);
    await db()
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', id)
      .execute();
    const inside = await move(tokens.patient2, id, await freshSlot());
    expect(inside.statusCode).toBe(409);
    expect(inside.json().message).toContain('24 hours');
    expect(james).toBeGreaterThan(0);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('moves racing for one slot on PostgreSQL', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('two patients moving into the last place of a slot at once: one gets it, the other is told it is full', async () => {
    const target = await freshSlot();
    const mine = await book(tokens.patient, await freshSlot());
    const theirs = await book(tokens.patient2, await freshSlot(), 7);
    const [a, b] = await Promise.all([
      t.call({
        method: 'POST',
        url: `/api/appointments/${mine}/reschedule`,
        token: tokens.patient,
        payload: {
          officeId: PORTLAND,
          doctorId: 3,
          appointmentDate: target.date,
          appointmentTime: target.time,
        },
      }),
      second.call({
        method: 'POST',
        url: `/api/appointments/${theirs}/reschedule`,
        token: tokens.patient2,
        payload: {
          officeId: PORTLAND,
          doctorId: 7,
          appointmentDate: target.date,
          appointmentTime: target.time,
        },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const live = await db()
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('office_id', '=', PORTLAND)
      .where('appointment_date', '=', target.date)
      .where('appointment_time', '=', `${target.time}:00`)
      .where('status', '=', 'Scheduled')
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(1);
  });
});
