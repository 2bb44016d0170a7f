import { BOOKING_REFUSALS } from '@clinic/contract/booking-refusals';
import { CALENDAR_MESSAGES, type CalendarResponse } from '@clinic/contract/calendar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_CHANNEL } from '../src/modules/appointments/live-board';
import { addDays } from '../src/platform/time/zoned-time';
import { auditedBy, committedAuditRow } from './audit-rows';
import { type Slot, slotSource } from './fresh-slots';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';
import { visitDayClock } from './visit-day-clock';

/**
 * The provider calendar (issue 15): GET /api/appointments/calendar answers an office's days, hours,
 * providers and visits to staff who run check-in there; POST /api/appointments/{id}/move moves a visit by
 * the booking rules, with their messages. A visit booked with 'Not Sure' is not drawn as a provider, and
 * POST /api/appointments/{id}/assign gives it a clinician of its office who is free at its time, by those who
 * may move visits, with its audit row and the office-day's live announcement (issue 28).
 */
const PORTLAND = 3; // one visit per slot; doctors 3, 7, 14
const DENVER = 1; // two visits per slot; doctors 1 (the 'doctor' account), 5, 9; staff record 16 (ADMIN)
const AUSTIN_DOCTOR = 2;
const ADMIN_STAFF_RECORD = 16;
const NOT_SURE = 15;
const onServer = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
/** Check-in happens on the visit's day (decision 0054): status changes run at the visit's start. */
const clock = visitDayClock(() => t.database.db);
const USERS = ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
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

const assign = (token: string | undefined, id: number, payload: Record<string, unknown>, call = t.call) =>
  call({ method: 'POST', url: `/api/appointments/${id}/assign`, token, payload });

async function book(patientId: number, doctorId: number, slot: Slot, officeId = PORTLAND) {
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token: tokens.frontdesk,
    payload: {
      officeId,
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

async function setStatus(id: number, conformation: string) {
  const res = await clock.atVisit(id, () =>
    t.call({
      method: 'PATCH',
      url: `/api/appointments/update-conformation/${id}`,
      token: tokens.frontdesk,
      payload: { conformation },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function denverDay(date: string): Promise<CalendarResponse> {
  const res = await t.call({
    method: 'GET',
    url: `/api/appointments/calendar?officeId=${DENVER}&from=${date}&to=${date}`,
    token: tokens.frontdesk,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarResponse;
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

  it("does not draw 'Not Sure' as a provider: it names the id of the visits that have none yet", async () => {
    const slot = await freshSlot(DENVER);
    const id = await book(await newPatient('Ada'), NOT_SURE, slot, DENVER);
    const day = await denverDay(slot.date);
    expect(day.unassignedDoctorId).toBe(NOT_SURE);
    expect(day.providers.map((p) => p.doctorId)).not.toContain(NOT_SURE);
    expect(day.providers.map((p) => p.name)).not.toContain('Not Sure');
    expect(day.appointments).toContainEqual(
      expect.objectContaining({ appointmentId: id, doctorId: NOT_SURE }),
    );
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

describe('POST /api/appointments/{id}/assign', () => {
  it('gives the visit a free provider of its office, with its audit row and a live announcement', async () => {
    const slot = await freshSlot(DENVER);
    const patientId = await newPatient('Bruno');
    const id = await book(patientId, NOT_SURE, slot, DENVER);

    const heard: string[] = [];
    const unlisten = await t.database.listen!(
      APPOINTMENT_CHANNEL,
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      const res = await assign(tokens.frontdesk, id, { doctorId: 5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        appoinmentId: id,
        doctorId: 5,
        appointmentDate: slot.date,
        appointmentTime: slot.time,
        conformation: 'Scheduled',
      });
      // The calendar's live feed hears of it as of a move: every open board of the day reads it again.
      await vi.waitFor(() => expect(heard).toContain(`${DENVER}:${slot.date}`));
    } finally {
      await unlisten();
    }

    const audit = await committedAuditRow(t, 'appointment', 'update', id);
    expect(audit).toMatchObject({ actor_username: 'frontdesk', patient_id: patientId });
    const day = await denverDay(slot.date);
    expect(day.appointments).toContainEqual(expect.objectContaining({ appointmentId: id, doctorId: 5 }));

    // The provider's slot is now taken: no second visit of theirs at that time.
    const other = await t.call({
      method: 'POST',
      url: '/api/appointments/add',
      token: tokens.frontdesk,
      payload: {
        officeId: DENVER,
        doctorId: 5,
        patientId: await newPatient('Clara'),
        appointmentDate: slot.date,
        appointmentTime: slot.time,
        typeVisit: 'eval',
      },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(BOOKING_REFUSALS.doctorBusy);

    // It has a provider now: changing them is a move.
    const again = await assign(tokens.frontdesk, id, { doctorId: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CALENDAR_MESSAGES.alreadyAssigned);
  });

  it('refuses a provider who already has a visit at that time', async () => {
    const slot = await freshSlot(DENVER);
    await book(await newPatient('Dora'), 9, slot, DENVER);
    const id = await book(await newPatient('Emil'), NOT_SURE, slot, DENVER);
    const res = await assign(tokens.manager, id, { doctorId: 9 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_REFUSALS.doctorBusy);
    expect((await denverDay(slot.date)).appointments).toContainEqual(
      expect.objectContaining({ appointmentId: id, doctorId: NOT_SURE }),
    );
  });

  it('refuses a doctor of another office, a staff record, the placeholder itself or no doctor', async () => {
    const slot = await freshSlot(DENVER);
    const id = await book(await newPatient('Finn'), NOT_SURE, slot, DENVER);
    const refusals: [number, string][] = [
      [AUSTIN_DOCTOR, BOOKING_REFUSALS.doctorElsewhere],
      [ADMIN_STAFF_RECORD, BOOKING_REFUSALS.notAClinician],
      [NOT_SURE, CALENDAR_MESSAGES.assignPlaceholder],
      [999_999, BOOKING_REFUSALS.doctorNotFound],
    ];
    for (const [doctorId, message] of refusals) {
      const res = await assign(tokens.admin, id, { doctorId });
      expect(res.statusCode, `doctor ${doctorId}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('assigns a visit whose patient has walked in, but not a finished one', async () => {
    const walkedIn = await book(await newPatient('Gus'), NOT_SURE, await freshSlot(DENVER), DENVER);
    await setStatus(walkedIn, 'Walked In');
    const res = await assign(tokens.frontdesk, walkedIn, { doctorId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ doctorId: 1, conformation: 'Walked In' });

    const canceled = await book(await newPatient('Hedy'), NOT_SURE, await freshSlot(DENVER), DENVER);
    await setStatus(canceled, 'Canceled');
    const refused = await assign(tokens.frontdesk, canceled, { doctorId: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CALENDAR_MESSAGES.assignFinished);
  });

  it('is for the front desk, managers and admins; bad input is a 400 and unknown visits a 404', async () => {
    const slot = await freshSlot(DENVER);
    const id = await book(await newPatient('Ines'), NOT_SURE, slot, DENVER);
    expect((await assign(undefined, id, { doctorId: 5 })).statusCode).toBe(401);
    expect((await assign(tokens.patient, id, { doctorId: 5 })).statusCode).toBe(403);
    // A doctor reads their office's calendar but assigns no visits, not even to themselves.
    expect((await assign(tokens.doctor, id, { doctorId: 1 })).statusCode).toBe(403);
    expect((await assign(tokens.admin, id, {})).statusCode).toBe(400);
    expect((await assign(tokens.admin, id, { doctorId: 'five' })).statusCode).toBe(400);
    expect((await assign(tokens.admin, 999_999, { doctorId: 5 })).statusCode).toBe(404);
    expect((await denverDay(slot.date)).appointments).toContainEqual(
      expect.objectContaining({ appointmentId: id, doctorId: NOT_SURE }),
    );
  });
});

describe.runIf(onServer)('moves and assignments at once on two instances (PostgreSQL)', () => {
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

  it('two unassigned visits of one slot given one provider at once: one is assigned, the other refused', async () => {
    const slot = await freshSlot(DENVER);
    const ids = [
      await book(await newPatient('Jack'), NOT_SURE, slot, DENVER),
      await book(await newPatient('Kira'), NOT_SURE, slot, DENVER),
    ];
    const results = await Promise.all(
      ids.map((id, i) => assign(tokens.frontdesk, id, { doctorId: 5 }, i === 0 ? t.call : second.call)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(BOOKING_REFUSALS.doctorBusy);
    const live = await t.database.db
      .selectFrom('appointments')
      .select('id')
      .where('doctor_id', '=', 5)
      .where('appointment_date', '=', slot.date)
      .where('appointment_time', '=', slot.time)
      .where('status', 'not in', ['Canceled', 'No Show'])
      .execute();
    expect(live).toHaveLength(1);
  });
});
