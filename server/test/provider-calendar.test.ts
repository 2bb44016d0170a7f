import { CALENDAR_MESSAGES, type CalendarResponse } from '@clinic/contract/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/platform/time/zoned-time';
import { auditedBy } from './audit-rows';
import { slotSource } from './fresh-slots';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

/**
 * The provider calendar (issue 15): GET /api/appointments/calendar answers an office's days, hours,
 * providers and visits to staff who run check-in there; POST /api/appointments/{id}/move moves a visit by
 * the booking rules, with their messages.
 */
const PORTLAND = 3; // one visit per slot; doctors 3, 7, 14
const DENVER = 1; // the demo doctor's office
const NOT_SURE = 15;
const onServer = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
const USERS = ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of USERS) tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t?.close();
});

const { freshSlot } = slotSource(() => t.database.db);

const calendar = (token: string | undefined, query: string) =>
  t.call({ method: 'GET', url: `/api/appointments/calendar?${query}`, token });

const move = (token: string | undefined, id: number, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/appointments/${id}/move`, token, payload });

async function book(patientId: number, doctorId: number, slot: { date: string; time: string }) {
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token: tokens.frontdesk,
    payload: {
      officeId: PORTLAND,
      doctorId,
      patientId,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'eval',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId as number;
}

async function newPatient(name: string): Promise<number> {
  const row = await t.database.db
    .insertInto('patients')
    .values({ first_name: name, last_name: 'Calendar', email: `${name.toLowerCase()}.calendar@example.com` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/appointments/calendar', () => {
  it("answers the office's days with their hours, its providers and every visit of the range", async () => {
    const slot = await freshSlot(PORTLAND, 24);
    const patientId = await newPatient('Greta');
    const id = await book(patientId, 7, slot);
    const from = addDays(slot.date, -1);
    const res = await calendar(tokens.frontdesk, `officeId=${PORTLAND}&from=${from}&to=${slot.date}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CalendarResponse;
    expect(body).toMatchObject({ officeId: PORTLAND, from, to: slot.date, truncated: false });
    expect(body.timeZone).toMatch(/^America\//);
    expect(body.days.map((d) => d.date)).toEqual([from, slot.date]);
    const day = body.days[1]!;
    expect(day.open).toMatch(/^\d{2}:\d{2}$/);
    expect(day.close! > day.open!).toBe(true);
    expect(day.increments).toBe(1);
    expect(body.providers.map((p) => p.doctorId).sort((a, b) => a - b)).toEqual([3, 7, 14]);
    expect(body.appointments).toContainEqual({
      appointmentId: id,
      doctorId: 7,
      patientId,
      patientName: 'Greta Calendar',
      date: slot.date,
      time: slot.time,
      status: 'Scheduled',
      typeVisitLabel: expect.any(String),
    });
    // Start order within the range.
    const keys = body.appointments.map(
      (a) => `${a.date} ${a.time} ${String(a.appointmentId).padStart(9, '0')}`,
    );
    expect(keys).toEqual([...keys].sort());
  });

  it("gives the 'Not Sure' visits a column of their own, after the office's providers", async () => {
    const slot = await freshSlot(PORTLAND, 24);
    await book(await newPatient('Hugo'), NOT_SURE, slot);
    const res = await calendar(tokens.admin, `officeId=${PORTLAND}&from=${slot.date}&to=${slot.date}`);
    const body = res.json() as CalendarResponse;
    expect(body.providers.at(-1)?.doctorId).toBe(NOT_SURE);
    expect(body.appointments.some((a) => a.doctorId === NOT_SURE)).toBe(true);
  });

  it('writes an audit row naming the patients it shows', async () => {
    const slot = await freshSlot(PORTLAND, 24);
    const patientId = await newPatient('Iris');
    await book(patientId, 3, slot);
    const rows = await auditedBy(t, 'appointment', 1, () =>
      calendar(tokens.manager, `officeId=${PORTLAND}&from=${slot.date}&to=${slot.date}`),
    );
    const named = rows.flatMap((r) => r.patient_ids ?? []);
    expect(named).toContain(patientId);
    expect(rows.every((r) => r.actor_username === 'manager' && r.action === 'read')).toBe(true);
  });

  it('refuses a range that runs backwards, is longer than a week or names no real date', async () => {
    const day = '2030-01-08';
    const backwards = await calendar(tokens.admin, `officeId=${PORTLAND}&from=${day}&to=2030-01-07`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(CALENDAR_MESSAGES.rangeOrder);
    const long = await calendar(tokens.admin, `officeId=${PORTLAND}&from=${day}&to=2030-01-15`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CALENDAR_MESSAGES.rangeTooLong);
    expect((await calendar(tokens.admin, `officeId=${PORTLAND}&from=${day}&to=2030-01-14`)).statusCode).toBe(
      200,
    );
    expect(
      (await calendar(tokens.admin, `officeId=${PORTLAND}&from=2030-02-30&to=2030-03-01`)).statusCode,
    ).toBe(400);
    expect((await calendar(tokens.admin, `officeId=${PORTLAND}&from=${day}`)).statusCode).toBe(400);
    expect((await calendar(tokens.admin, `officeId=99999&from=${day}&to=${day}`)).statusCode).toBe(404);
  });

  it('is for staff who run check-in at the office: a doctor sees their own office only', async () => {
    const query = (office: number) => `officeId=${office}&from=2030-01-08&to=2030-01-08`;
    expect((await calendar(undefined, query(PORTLAND))).statusCode).toBe(401);
    expect((await calendar(tokens.patient, query(PORTLAND))).statusCode).toBe(403);
    expect((await calendar(tokens.doctor, query(PORTLAND))).statusCode).toBe(403);
    expect((await calendar(tokens.doctor, query(DENVER))).statusCode).toBe(200);
    expect((await calendar(tokens.frontdesk, query(DENVER))).statusCode).toBe(200);
  });
});

describe('POST /api/appointments/{id}/move', () => {
  it('moves a Scheduled visit to another provider and time; the old slot is free again', async () => {
    const from = await freshSlot(PORTLAND, 24);
    const to = await freshSlot(PORTLAND, 24);
    const id = await book(await newPatient('Jonas'), 3, from);
    const res = await move(tokens.frontdesk, id, {
      doctorId: 14,
      appointmentDate: to.date,
      appointmentTime: to.time,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      appoinmentId: id,
      doctorId: 14,
      appointmentDate: to.date,
      appointmentTime: to.time,
      conformation: 'Scheduled',
    });
    const day = (
      await calendar(tokens.frontdesk, `officeId=${PORTLAND}&from=${to.date}&to=${to.date}`)
    ).json();
    expect((day as CalendarResponse).appointments).toContainEqual(
      expect.objectContaining({ appointmentId: id, doctorId: 14, time: to.time }),
    );
    const times = await t.call({
      method: 'GET',
      url: `/api/appointments/available-times?officeId=${PORTLAND}&date=${from.date}`,
      token: tokens.frontdesk,
    });
    expect(times.json().bookedSlots).not.toContain(from.time);
    // Moving to where it already is changes nothing.
    const same = await move(tokens.frontdesk, id, {
      doctorId: 14,
      appointmentDate: to.date,
      appointmentTime: to.time,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses by the booking rules, with their messages', async () => {
    const a = await freshSlot(PORTLAND, 24);
    const b = await freshSlot(PORTLAND, 24);
    const first = await book(await newPatient('Karl'), 3, a);
    await book(await newPatient('Lena'), 7, b);

    // Portland takes one visit per slot: b is full.
    const full = await move(tokens.manager, first, {
      doctorId: 3,
      appointmentDate: b.date,
      appointmentTime: b.time,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('That time slot is full. Please choose another time.');

    const past = await move(tokens.manager, first, {
      doctorId: 3,
      appointmentDate: '2020-01-07',
      appointmentTime: a.time,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/./);

    const elsewhere = await move(tokens.manager, first, {
      doctorId: 1,
      appointmentDate: a.date,
      appointmentTime: a.time,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('The doctor does not work at this office.');

    await t.call({
      method: 'PATCH',
      url: `/api/appointments/update-conformation/${first}`,
      token: tokens.frontdesk,
      payload: { conformation: 'Canceled' },
    });
    const canceled = await move(tokens.manager, first, {
      doctorId: 7,
      appointmentDate: a.date,
      appointmentTime: a.time,
    });
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().message).toBe(
      'Only a Scheduled appointment can move to another office, doctor, date or time.',
    );
  });

  it('is for the front desk, managers and admins; bad input is a 400 and unknown visits a 404', async () => {
    const slot = await freshSlot(PORTLAND, 24);
    const id = await book(await newPatient('Mira'), 3, slot);
    const body = { doctorId: 3, appointmentDate: slot.date, appointmentTime: slot.time };
    expect((await move(undefined, id, body)).statusCode).toBe(401);
    expect((await move(tokens.patient, id, body)).statusCode).toBe(403);
    expect((await move(tokens.doctor, id, body)).statusCode).toBe(403);
    expect((await move(tokens.admin, id, { doctorId: 3 })).statusCode).toBe(400);
    expect((await move(tokens.admin, id, { ...body, appointmentTime: '25:00' })).statusCode).toBe(400);
    expect((await move(tokens.admin, 999_999, body)).statusCode).toBe(404);
  });
});

describe.runIf(onServer)('moves at once on two instances (PostgreSQL)', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('two visits moved into one free slot at once: one moves, the other is told the slot is full', async () => {
    const target = await freshSlot(PORTLAND, 24);
    const ids = [
      await book(await newPatient('Nora'), 3, await freshSlot(PORTLAND, 24)),
      await book(await newPatient('Otto'), 7, await freshSlot(PORTLAND, 24)),
    ];
    const results = await Promise.all(
      ids.map((id, i) =>
        (i === 0 ? t : second).call({
          method: 'POST',
          url: `/api/appointments/${id}/move`,
          token: tokens.frontdesk,
          payload: { doctorId: 14, appointmentDate: target.date, appointmentTime: target.time },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const live = await t.database.db
      .selectFrom('appointments')
      .select('id')
      .where('office_id', '=', PORTLAND)
      .where('appointment_date', '=', target.date)
      .where('appointment_time', '=', target.time)
      .where('status', 'not in', ['Canceled', 'No Show'])
      .execute();
    expect(live).toHaveLength(1);
  });
});
