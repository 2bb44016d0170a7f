import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedWallTimeToInstant } from '../src/platform/time/zoned-time';
import { auditedBy } from './audit-rows';
import { slotSource } from './fresh-slots';
import { newVoucher as newVoucherOf } from './rewards';
import { createTestApp, type TestApp } from './test-app';
import { visitDayClock } from './visit-day-clock';

/**
 * The appointments API (issue 5): available times, booking with every rule, reads with record checks,
 * the admin edit and delete, the visit type change, and the check-in state machine with what completion
 * does. Concurrency on a real PostgreSQL server is in appointments-concurrency.test.ts.
 */
let t: TestApp;
let emily: number; // 'patient', home office Denver (1)
let james: number; // 'patient2', home office Austin (2)
let sofia: number; // 'sramirez', Portland (3)

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
type User = (typeof STAFF)[number] | 'patient' | 'patient2';
const tokens = {} as Record<User, string>;
const DENVER = 1; // increments 2; doctors 1 (the 'doctor' account), 5, 9
const AUSTIN = 2; // increments 3; doctors 2, 6, 10
const PORTLAND = 3; // increments 1; doctors 3, 7, 14
const NOT_SURE = 15;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  for (const user of [...STAFF, 'patient', 'patient2'] as const) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
  sofia = await t.patientIdOf('sramirez');
  // This file books many insurance visits for the same patients in one week: it is about placement, edits
  // and check-in. Their authorizations set no number of visits and no weekly limit here, so those visits are
  // valid; the burn-down itself is tested in authorization-burn-down.test.ts.
  await db()
    .updateTable('patient_authorizations')
    .set({ visits: null, weekly_visit_limit: null })
    .where('patient_id', 'in', [emily, james, sofia])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
/** Check-in happens on the visit's day (decision 0054): status changes run at the visit's start. */
const clock = visitDayClock(db);

const { officeToday, freshSlot } = slotSource(db);

async function closedDay(officeId: number): Promise<string> {
  const today = await officeToday(officeId);
  const row = await db()
    .selectFrom('office_hours')
    .select('date')
    .where('office_id', '=', officeId)
    .where('date', '>=', addDays(today, 2))
    .where('day_of_week', '=', 'Closed')
    .orderBy('date')
    .executeTakeFirstOrThrow();
  return row.date;
}

function book(token: string, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: '/api/appointments/add', token, payload: body });
}

async function bookOk(token: string, body: Record<string, unknown>): Promise<number> {
  const res = await book(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId as number;
}

async function appointmentCount(): Promise<number> {
  const row = await db()
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function appointmentRow(id: number) {
  return db().selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function pointsOf(patientId: number): Promise<number> {
  const row = await db()
    .selectFrom('points_banks')
    .select('total_points')
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return row.total_points;
}

async function visitsOf(patientId: number): Promise<number> {
  const row = await db()
    .selectFrom('patients')
    .select('visits')
    .where('id', '=', patientId)
    .executeTakeFirstOrThrow();
  return row.visits;
}

function setStatus(token: string, id: number, conformation: string) {
  return clock.atVisit(id, () =>
    t.call({
      method: 'PATCH',
      url: `/api/appointments/update-conformation/${id}`,
      token,
      payload: { conformation },
    }),
  );
}

/** An unvouched voucher of a patient (James has one from the seed; more are made as needed). */
const newVoucher = (patientId: number) => newVoucherOf(t, patientId);

describe('GET /api/appointments/available-times', () => {
  it('lists the 30-minute starts of an open day, and needs a sign-in', async () => {
    const { date } = await freshSlot(PORTLAND);
    const anonymous = await t.call({
      method: 'GET',
      url: `/api/appointments/available-times?officeId=${PORTLAND}&date=${date}`,
    });
    expect(anonymous.statusCode).toBe(401);

    const res = await t.call({
      method: 'GET',
      url: `/api/appointments/available-times?officeId=${PORTLAND}&date=${date}`,
      token: tokens.patient,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const hours = await db()
      .selectFrom('office_hours')
      .selectAll()
      .where('office_id', '=', PORTLAND)
      .where('date', '=', date)
      .executeTakeFirstOrThrow();
    expect(body.allSlots[0]).toBe(hours.open_hour!.slice(0, 5));
    expect(body.allSlots.every((s: string) => /^\d{2}:[03]0$/.test(s))).toBe(true);
    expect(body.bookedSlots).toEqual([]);
  });

  it('has nothing on a closed day or a day before today', async () => {
    for (const date of [await closedDay(PORTLAND), addDays(await officeToday(PORTLAND), -1)]) {
      const res = await t.call({
        method: 'GET',
        url: `/api/appointments/available-times?officeId=${PORTLAND}&date=${date}`,
        token: tokens.patient,
      });
      expect(res.json(), date).toEqual({ allSlots: [], bookedSlots: [] });
    }
  });

  it('marks a slot booked when it holds `incraments` live appointments, and free again after a cancel', async () => {
    const { date, time } = await freshSlot(PORTLAND); // capacity 1
    const url = `/api/appointments/available-times?officeId=${PORTLAND}&date=${date}`;
    const id = await bookOk(tokens.frontdesk, {
      patientId: sofia,
      officeId: PORTLAND,
      doctorId: 3,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'visit',
    });
    expect((await t.call({ method: 'GET', url, token: tokens.patient })).json().bookedSlots).toEqual([time]);
    expect((await setStatus(tokens.frontdesk, id, 'Canceled')).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url, token: tokens.patient })).json().bookedSlots).toEqual([]);
  });

  it('refuses an unknown office (404) and malformed dates (400)', async () => {
    const unknown = await t.call({
      method: 'GET',
      url: '/api/appointments/available-times?officeId=999&date=2030-01-07',
      token: tokens.patient,
    });
    expect(unknown.statusCode).toBe(404);
    for (const query of [
      'officeId=1&date=2030-02-30',
      'officeId=1&date=tomorrow',
      'officeId=abc&date=2030-01-07',
      'officeId=1',
    ]) {
      const res = await t.call({
        method: 'GET',
        url: `/api/appointments/available-times?${query}`,
        token: tokens.patient,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("the chosen doctor's availability and the next free time (issue 14)", () => {
  const times = (query: string) =>
    t.call({ method: 'GET', url: `/api/appointments/available-times?${query}`, token: tokens.patient });
  const next = (query: string) =>
    t.call({ method: 'GET', url: `/api/appointments/next-available?${query}`, token: tokens.patient });

  async function lastOpenDay(officeId: number) {
    return db()
      .selectFrom('office_hours')
      .select(['date', 'open_hour'])
      .where('office_id', '=', officeId)
      .where('day_of_week', '<>', 'Closed')
      .orderBy('date', 'desc')
      .executeTakeFirstOrThrow();
  }

  it('shows a slot as taken for the doctor who has a visit then, though the office has room for another', async () => {
    const { date, time } = await freshSlot(DENVER); // capacity 2
    const id = await bookOk(tokens.frontdesk, {
      patientId: james,
      officeId: DENVER,
      doctorId: 1,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'eval',
    });
    // The answer says what the type means; the value stays the spec's (issue 28).
    const read = await t.call({ method: 'GET', url: `/api/appointments/${id}`, token: tokens.frontdesk });
    expect(read.json()).toMatchObject({ typeVisit: 'eval', typeVisitLabel: 'Evaluation (first visit)' });
    const of = async (query: string) => (await times(`officeId=${DENVER}&date=${date}${query}`)).json();
    expect((await of('&doctorId=1')).bookedSlots).toEqual([time]);
    expect((await of('&doctorId=5')).bookedSlots).toEqual([]);
    expect((await of(`&doctorId=${NOT_SURE}`)).bookedSlots).toEqual([]);
    expect((await of('')).bookedSlots).toEqual([]);
    // What the form offers is what booking accepts: doctor 1 is refused there, doctor 5 is not.
    const refused = await book(tokens.patient, {
      officeId: DENVER,
      doctorId: 1,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'eval',
    });
    expect(refused.json().message).toBe('The doctor already has an appointment at that time.');
    expect((await setStatus(tokens.frontdesk, id, 'Canceled')).statusCode).toBe(200);
    expect((await of('&doctorId=1')).bookedSlots).toEqual([]);
  });

  it('names the first free time from a day on, for the doctor, and the last day with published hours', async () => {
    const last = await lastOpenDay(DENVER);
    const first = last.open_hour!.slice(0, 5);
    const id = await bookOk(tokens.frontdesk, {
      patientId: sofia,
      officeId: DENVER,
      doctorId: 1,
      appointmentDate: last.date,
      appointmentTime: first,
      typeVisit: 'eval',
    });
    const at = async (query: string) => (await next(`officeId=${DENVER}&date=${last.date}${query}`)).json();
    const second = (await times(`officeId=${DENVER}&date=${last.date}`)).json().allSlots[1];
    expect(await at('&doctorId=1')).toEqual({ date: last.date, time: second, lastDate: last.date });
    expect(await at('&doctorId=5')).toEqual({ date: last.date, time: first, lastDate: last.date });
    expect(await at('')).toEqual({ date: last.date, time: first, lastDate: last.date });
    expect((await setStatus(tokens.frontdesk, id, 'Canceled')).statusCode).toBe(200);

    // Beyond the published hours there is nothing; a closed day points to a later open one.
    const beyond = await next(`officeId=${DENVER}&date=${addDays(last.date, 1)}`);
    expect(beyond.json()).toEqual({ date: null, time: null, lastDate: last.date });
    const closed = await closedDay(DENVER);
    const after = (await next(`officeId=${DENVER}&date=${closed}`)).json();
    expect(after.date > closed).toBe(true);
    expect(after.time).toMatch(/^\d{2}:[03]0$/);
    // A day before today starts from today.
    const today = await officeToday(DENVER);
    expect((await next(`officeId=${DENVER}&date=${addDays(today, -3)}`)).json().date >= today).toBe(true);
  });

  it('needs a sign-in and refuses an unknown office (404), an unknown doctor and bad dates (400)', async () => {
    const anonymous = await t.call({
      method: 'GET',
      url: `/api/appointments/next-available?officeId=${DENVER}&date=2030-01-07`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await next('officeId=999&date=2030-01-07')).statusCode).toBe(404);
    for (const query of [
      'officeId=1&date=2030-02-30',
      'officeId=1&date=2030-01-07&doctorId=99999',
      'officeId=1',
    ]) {
      expect((await next(query)).statusCode, query).toBe(400);
    }
    expect((await times('officeId=1&date=2030-01-07&doctorId=99999')).statusCode).toBe(400);
  });
});

describe('GET /api/appointments/{id}/status-history (issue 15)', () => {
  it('lists each change of the status with when and who, to its patient and to staff only', async () => {
    const { date, time } = await freshSlot(PORTLAND);
    const id = await bookOk(tokens.patient, {
      officeId: PORTLAND,
      doctorId: 3,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'eval',
    });
    const history = (token: string) =>
      t.call({ method: 'GET', url: `/api/appointments/${id}/status-history`, token });
    expect((await history(tokens.patient)).json()).toEqual([]);
    const canceled = await t.call({
      method: 'POST',
      url: `/api/appointments/${id}/cancel`,
      token: tokens.patient,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const changes = (await history(tokens.frontdesk)).json();
    expect(changes.map((c: Record<string, unknown>) => [c.fromStatus, c.toStatus, c.by])).toEqual([
      ['Scheduled', 'Canceled', 'patient'],
    ]);
    expect(Math.abs(Date.parse(changes[0].at) - Date.now())).toBeLessThan(3_600_000);
    expect((await history(tokens.patient)).json()).toHaveLength(1);
    expect((await history(tokens.patient2)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/appointments/${id}/status-history` })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/appointments/add', () => {
  it("books a patient's own visit, whatever patient id the body names, with wall time and instant", async () => {
    const { date, time } = await freshSlot(DENVER);
    const res = await book(tokens.patient, {
      patientId: james, // ignored: a PATIENT books for themselves
      officeId: DENVER,
      doctorId: 1,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'visit',
      notes: '  Left knee this time. ',
      conformation: 'Completed', // ignored: new appointments are Scheduled
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: MSG.appointmentAdded });
    const row = await appointmentRow(res.json().appoinmentId);
    expect(row).toMatchObject({
      patient_id: emily,
      office_id: DENVER,
      doctor_id: 1,
      appointment_date: date,
      appointment_time: `${time}:00`,
      notes: 'Left knee this time.',
      type_visit: 'visit',
      status: 'Scheduled',
      doctor_exclusive: true,
      voucher_receipt_id: null,
    });
    expect(new Date(row.starts_at).toISOString()).toBe(
      zonedWallTimeToInstant(date, time, 'America/Denver').toISOString(),
    );
  });

  it('lets staff book for any patient, and audits the booking against that patient', async () => {
    const { date, time } = await freshSlot(AUSTIN);
    const rows = await auditedBy(t, 'appointment', 1, () =>
      bookOk(tokens.frontdesk, {
        patientId: james,
        officeId: AUSTIN,
        doctorId: 2,
        appointmentDate: date,
        appointmentTime: time,
        typeVisit: 'eval',
      }),
    );
    expect(rows[0]).toMatchObject({
      action: 'create',
      patient_id: james,
      outcome: 'success',
      actor_role: 'FRONTDESK',
    });
  });

  it("refuses a staff booking without a patient: 'Patient is not selected.'", async () => {
    const { date, time } = await freshSlot(AUSTIN);
    const res = await book(tokens.admin, {
      officeId: AUSTIN,
      doctorId: 2,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'eval',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.patientNotSelected });
  });

  it('books the Not Sure doctor several times in one slot, up to the capacity', async () => {
    const { date, time } = await freshSlot(AUSTIN); // capacity 3
    const body = {
      officeId: AUSTIN,
      doctorId: NOT_SURE,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'eval',
    };
    const first = await bookOk(tokens.admin, { ...body, patientId: james });
    await bookOk(tokens.admin, { ...body, patientId: emily });
    await bookOk(tokens.admin, { ...body, patientId: sofia });
    expect((await appointmentRow(first)).doctor_exclusive).toBe(false);
    const fourth = await book(tokens.admin, { ...body, patientId: await t.patientIdOf('rkim') });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().success).toBe(false);
  });

  it('books a voucher visit with its receipt linked', async () => {
    const voucher = await newVoucher(james);
    const { date, time } = await freshSlot(AUSTIN);
    const id = await bookOk(tokens.patient2, {
      officeId: AUSTIN,
      doctorId: 6,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: `Voucher-${voucher}`,
    });
    expect(await appointmentRow(id)).toMatchObject({
      type_visit: `Voucher-${voucher}`,
      voucher_receipt_id: voucher,
    });
    // Answers name the voucher by its reward; the value stays Voucher-{id}.
    const read = await t.call({ method: 'GET', url: `/api/appointments/${id}`, token: tokens.patient2 });
    expect(read.json()).toMatchObject({
      typeVisit: `Voucher-${voucher}`,
      typeVisitLabel: 'Voucher: 30-Minute Massage Voucher',
    });
  });

  describe('refuses bad input with a clear 4xx and books nothing', () => {
    const cases: [string, number, () => Promise<Record<string, unknown>>, (string | RegExp)?][] = [
      ['an unknown office', 400, async () => ({ officeId: 999, doctorId: 1 }), 'Office not found.'],
      ['an unknown doctor', 400, async () => ({ doctorId: 999 }), 'Doctor not found.'],
      ['an unknown patient', 400, async () => ({ patientId: 999_999 }), 'Patient not found.'],
      [
        'a doctor of another office',
        400,
        async () => ({ doctorId: 2 }),
        'The doctor does not work at this office.',
      ],
      ['a staff record as doctor', 400, async () => ({ doctorId: 16 }), /does not see patients/],
      [
        'a past date',
        400,
        async () => ({ appointmentDate: addDays(await officeToday(DENVER), -1) }),
        /has already passed/,
      ],
      ['a closed day', 400, async () => ({ appointmentDate: await closedDay(DENVER) }), /closed/],
      ['a day without hours', 400, async () => ({ appointmentDate: '2099-01-05' }), /no hours/],
      [
        'a time before opening',
        400,
        async () => ({ appointmentTime: '05:00' }),
        /not one of the office's appointment times/,
      ],
      ['a time off the half hour', 400, async () => ({ appointmentTime: '09:15' }), /not one of/],
      ['a malformed time', 400, async () => ({ appointmentTime: '25:00' }), /appointmentTime/],
      ['a time with seconds', 400, async () => ({ appointmentTime: '09:00:30' }), /appointmentTime/],
      ['a malformed date', 400, async () => ({ appointmentDate: '2030-02-30' }), /appointmentDate/],
      ['a date in another format', 400, async () => ({ appointmentDate: '03/04/2030' }), /appointmentDate/],
      ['an id sent as text', 400, async () => ({ officeId: '1' }), /officeId/],
      ['a blank type of visit', 400, async () => ({ typeVisit: '  ' }), /typeVisit/],
      [
        'a type of visit the insurance does not cover',
        400,
        async () => ({ typeVisit: 'acupuncture' }),
        /not a type of visit/,
      ],
      ['a malformed voucher', 400, async () => ({ typeVisit: 'Voucher-abc' }), 'That voucher is not valid.'],
      [
        'an unknown voucher',
        400,
        async () => ({ typeVisit: 'Voucher-999999' }),
        'That voucher does not belong to this patient.',
      ],
      [
        "another patient's voucher",
        400,
        async () => ({ typeVisit: `Voucher-${await newVoucher(james)}` }),
        'That voucher does not belong to this patient.',
      ],
      [
        'a voucher already used',
        409,
        async () => {
          const used = await db()
            .selectFrom('receipts')
            .innerJoin('points_banks', 'points_banks.id', 'receipts.points_bank_id')
            .select('receipts.id')
            .where('points_banks.patient_id', '=', emily)
            .where('receipts.vouched', '=', true)
            .executeTakeFirstOrThrow();
          return { typeVisit: `Voucher-${used.id}` };
        },
        'That voucher has already been used.',
      ],
      [
        "a diagnosis set of another patient's authorization",
        400,
        async () => {
          const other = await db()
            .selectFrom('diagnosis_combiners')
            .innerJoin(
              'patient_authorizations',
              'patient_authorizations.id',
              'diagnosis_combiners.authorization_id',
            )
            .select('diagnosis_combiners.id')
            .where('patient_authorizations.patient_id', '=', james)
            .executeTakeFirstOrThrow();
          return { diagCombId: other.id };
        },
        /diagnosis set/,
      ],
    ];

    for (const [name, status, override, message] of cases) {
      it(name, async () => {
        const { date, time } = await freshSlot(DENVER);
        const before = await appointmentCount();
        const res = await book(tokens.admin, {
          patientId: emily,
          officeId: DENVER,
          doctorId: 1,
          appointmentDate: date,
          appointmentTime: time,
          typeVisit: 'visit',
          ...(await override()),
        });
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().success).toBe(false);
        if (message) expect(res.json().message).toMatch(message);
        expect(await appointmentCount()).toBe(before);
      });
    }

    it('a full slot (409)', async () => {
      const { date, time } = await freshSlot(PORTLAND); // capacity 1
      const body = { officeId: PORTLAND, appointmentDate: date, appointmentTime: time, typeVisit: 'visit' };
      await bookOk(tokens.admin, { ...body, patientId: sofia, doctorId: 3 });
      const before = await appointmentCount();
      const res = await book(tokens.admin, { ...body, patientId: emily, doctorId: 7 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'That time slot is full. Please choose another time.',
      });
      expect(await appointmentCount()).toBe(before);
    });

    it('a busy doctor (409), even with room left in the slot', async () => {
      const { date, time } = await freshSlot(DENVER); // capacity 2
      const body = {
        officeId: DENVER,
        doctorId: 1,
        appointmentDate: date,
        appointmentTime: time,
        typeVisit: 'eval',
      };
      await bookOk(tokens.admin, { ...body, patientId: emily });
      const before = await appointmentCount();
      const res = await book(tokens.admin, { ...body, patientId: sofia });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The doctor already has an appointment at that time.');
      expect(await appointmentCount()).toBe(before);
    });

    it('a patient already booked at that moment (409)', async () => {
      const { date, time } = await freshSlot(DENVER);
      const body = { officeId: DENVER, appointmentDate: date, appointmentTime: time, typeVisit: 'eval' };
      await bookOk(tokens.patient, { ...body, doctorId: 1 });
      const res = await book(tokens.patient, { ...body, doctorId: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The patient already has an appointment at that time.');
    });

    it('a voucher already booked for another live visit (409)', async () => {
      const voucher = await newVoucher(james);
      const first = await freshSlot(AUSTIN);
      const second = await freshSlot(AUSTIN);
      const body = { officeId: AUSTIN, doctorId: 2, typeVisit: `Voucher-${voucher}` };
      await bookOk(tokens.patient2, { ...body, appointmentDate: first.date, appointmentTime: first.time });
      const res = await book(tokens.patient2, {
        ...body,
        appointmentDate: second.date,
        appointmentTime: second.time,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('That voucher is already booked for another appointment.');
    });

    it('no sign-in (401)', async () => {
      const res = await t.call({ method: 'POST', url: '/api/appointments/add', payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('reading appointments', () => {
  let emilysId: number;
  let jamesId: number;
  let slot: { date: string; time: string };

  beforeAll(async () => {
    slot = await freshSlot(DENVER);
    emilysId = await bookOk(tokens.patient, {
      officeId: DENVER,
      doctorId: 1,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'visit',
    });
    jamesId = await bookOk(tokens.admin, {
      patientId: james,
      officeId: DENVER,
      doctorId: 5,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'visit (pay)',
    });
  });

  it('GET /{id}: the owner and staff read it; another patient gets 404, like a missing one', async () => {
    const own = await t.call({ method: 'GET', url: `/api/appointments/${emilysId}`, token: tokens.patient });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      appoinmentId: emilysId,
      patientId: emily,
      officeId: DENVER,
      doctorId: 1,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'visit',
      conformation: 'Scheduled',
      timeZone: 'America/Denver',
      patientName: 'Emily Carter',
      doctorName: 'Maya Lindqvist',
      officeName: 'Summit PT Denver Highlands',
      walkedInAt: null,
    });
    for (const user of STAFF) {
      expect(
        (await t.call({ method: 'GET', url: `/api/appointments/${emilysId}`, token: tokens[user] }))
          .statusCode,
      ).toBe(200);
    }
    const theirs = await t.call({
      method: 'GET',
      url: `/api/appointments/${emilysId}`,
      token: tokens.patient2,
    });
    expect(theirs.statusCode).toBe(404);
    const missing = await t.call({ method: 'GET', url: '/api/appointments/999999', token: tokens.admin });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.call({ method: 'GET', url: '/api/appointments/abc', token: tokens.admin });
    expect(malformed.statusCode).toBe(400);
  });

  it('GET /all: a patient sees only their own; staff see everyone, or one patient with ?patientId', async () => {
    const mine = (
      await t.call({ method: 'GET', url: `/api/appointments/all?patientId=${james}`, token: tokens.patient })
    ).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a: { patientId: number }) => a.patientId === emily)).toBe(true);

    const all = (
      await t.call({ method: 'GET', url: '/api/appointments/all', token: tokens.frontdesk })
    ).json();
    expect(new Set(all.map((a: { patientId: number }) => a.patientId)).size).toBeGreaterThan(2);
    const ofJames = (
      await t.call({ method: 'GET', url: `/api/appointments/all?patientId=${james}`, token: tokens.doctor })
    ).json();
    expect(ofJames.length).toBeGreaterThan(0);
    expect(ofJames.every((a: { patientId: number }) => a.patientId === james)).toBe(true);
    // In time order.
    const starts = all.map((a: { startsAt: string }) => a.startsAt);
    expect([...starts].sort()).toEqual(starts);
  });

  it('GET /office, /doctor, /date and /by-office-and-date: staff get the list, a patient only their part', async () => {
    const urls = [
      `/api/appointments/office/${DENVER}`,
      `/api/appointments/date/${slot.date}`,
      `/api/appointments/by-office-and-date?officeId=${DENVER}&date=${slot.date}`,
    ];
    for (const url of urls) {
      const staff = (await t.call({ method: 'GET', url, token: tokens.manager })).json();
      const ids = staff.map((a: { appoinmentId: number }) => a.appoinmentId);
      expect(ids, url).toEqual(expect.arrayContaining([emilysId, jamesId]));
      const patient = (await t.call({ method: 'GET', url, token: tokens.patient })).json();
      expect(
        patient.map((a: { appoinmentId: number }) => a.appoinmentId),
        url,
      ).toContain(emilysId);
      expect(
        patient.every((a: { patientId: number }) => a.patientId === emily),
        url,
      ).toBe(true);
    }
    const desk = (
      await t.call({
        method: 'GET',
        url: `/api/appointments/by-office-and-date?officeId=${DENVER}&date=${slot.date}`,
        token: tokens.frontdesk,
      })
    ).json();
    expect(desk.find((a: { appoinmentId: number }) => a.appoinmentId === jamesId)).toMatchObject({
      patientName: 'James Nguyen',
      doctorName: 'Elena Vasquez',
      officeName: 'Summit PT Denver Highlands',
      appointmentTime: slot.time,
    });
    const byDoctor = (
      await t.call({ method: 'GET', url: '/api/appointments/doctor/5', token: tokens.admin })
    ).json();
    expect(byDoctor.every((a: { doctorId: number }) => a.doctorId === 5)).toBe(true);
    expect(byDoctor.map((a: { appoinmentId: number }) => a.appoinmentId)).toContain(jamesId);
  });

  it('GET /diag/{id}: the appointments under a diagnosis set', async () => {
    const seeded = await db()
      .selectFrom('appointments')
      .select(['diagnosis_combiner_id'])
      .where('patient_id', '=', emily)
      .where('diagnosis_combiner_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const res = await t.call({
      method: 'GET',
      url: `/api/appointments/diag/${seeded.diagnosis_combiner_id}`,
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(
      res.json().every((a: { diagCombId: number }) => a.diagCombId === seeded.diagnosis_combiner_id),
    ).toBe(true);
    const other = await t.call({
      method: 'GET',
      url: `/api/appointments/diag/${seeded.diagnosis_combiner_id}`,
      token: tokens.patient2,
    });
    expect(other.json()).toEqual([]);
  });

  it('refuses malformed dates and ids in list calls', async () => {
    for (const url of [
      '/api/appointments/date/2030-13-01',
      '/api/appointments/date/yesterday',
      '/api/appointments/by-office-and-date?officeId=1&date=2030-02-31',
      '/api/appointments/by-office-and-date?officeId=1',
      '/api/appointments/office/0',
      '/api/appointments/all?patientId=x',
    ]) {
      expect((await t.call({ method: 'GET', url, token: tokens.admin })).statusCode, url).toBe(400);
    }
  });

  it('audits reads of patient data', async () => {
    const rows = await auditedBy(t, 'appointment', 1, () =>
      t.call({ method: 'GET', url: `/api/appointments/${emilysId}`, token: tokens.frontdesk }),
    );
    expect(rows[0]).toMatchObject({
      action: 'read',
      patient_id: emily,
      resource_id: String(emilysId),
      outcome: 'success',
    });
  });

  it('GET /{id}/calendar.ics: an iCalendar file in the office zone, for the owner and staff only', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/appointments/${emilysId}/calendar.ics`,
      token: tokens.patient,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(res.body).toContain(
      `DTSTART;TZID=America/Denver:${slot.date.replaceAll('-', '')}T${slot.time.replace(':', '')}00`,
    );
    expect(res.body).toContain('TZID:America/Denver');
    expect(res.body).not.toContain('Emily');
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/appointments/${emilysId}/calendar.ics`,
          token: tokens.patient2,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/appointments/${emilysId}/calendar.ics`,
          token: tokens.frontdesk,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('PUT /api/appointments/update/{id} and DELETE /delete/{id} (ADMIN only)', () => {
  async function scheduled(officeId = DENVER, doctorId = 1, patientId = emily): Promise<number> {
    const { date, time } = await freshSlot(officeId);
    return bookOk(tokens.admin, {
      patientId,
      officeId,
      doctorId,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'visit',
    });
  }

  it('refuses other roles (403) and changes nothing', async () => {
    const id = await scheduled();
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      const put = await t.call({
        method: 'PUT',
        url: `/api/appointments/update/${id}`,
        token: tokens[user],
        payload: { notes: 'x' },
      });
      expect(put.statusCode, user).toBe(403);
      const del = await t.call({
        method: 'DELETE',
        url: `/api/appointments/delete/${id}`,
        token: tokens[user],
      });
      expect(del.statusCode, user).toBe(403);
    }
    expect((await appointmentRow(id)).notes).toBe('');
  });

  it('edits notes, type and diagnosis set and moves to a free slot with the booking checks', async () => {
    const id = await scheduled();
    const target = await freshSlot(DENVER);
    const combiner = await db()
      .selectFrom('diagnosis_combiners')
      .innerJoin(
        'patient_authorizations',
        'patient_authorizations.id',
        'diagnosis_combiners.authorization_id',
      )
      .select(['diagnosis_combiners.id', 'diagnosis_combiners.authorization_id'])
      .where('patient_authorizations.patient_id', '=', emily)
      // A 'double' visit draws on the set's authorization, so the set is one of her active authorization.
      .where('patient_authorizations.active', '=', true)
      .executeTakeFirstOrThrow();
    const current = (
      await t.call({ method: 'GET', url: `/api/appointments/${id}`, token: tokens.admin })
    ).json();
    const res = await t.call({
      method: 'PUT',
      url: `/api/appointments/update/${id}`,
      token: tokens.admin,
      // The popup sends the record back as it received it, with its changes.
      payload: {
        ...current,
        doctorId: 5,
        appointmentDate: target.date,
        appointmentTime: target.time,
        typeVisit: 'double',
        diagCombId: combiner.id,
        notes: 'Moved by phone.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      doctorId: 5,
      appointmentDate: target.date,
      appointmentTime: target.time,
      typeVisit: 'double',
      diagCombId: combiner.id,
      authId: combiner.authorization_id,
      notes: 'Moved by phone.',
      conformation: 'Scheduled',
    });
    expect(new Date((await appointmentRow(id)).starts_at).toISOString()).toBe(
      zonedWallTimeToInstant(target.date, target.time, 'America/Denver').toISOString(),
    );
  });

  it('refuses a move into a full slot, to a busy doctor or to a past date, and changes nothing', async () => {
    const id = await scheduled(PORTLAND, 3, sofia);
    const full = await freshSlot(PORTLAND);
    await bookOk(tokens.admin, {
      patientId: emily,
      officeId: PORTLAND,
      doctorId: 7,
      appointmentDate: full.date,
      appointmentTime: full.time,
      typeVisit: 'visit',
    });
    const before = await appointmentRow(id);
    const attempts: [Record<string, unknown>, number][] = [
      [{ appointmentDate: full.date, appointmentTime: full.time }, 409],
      [{ appointmentDate: addDays(await officeToday(PORTLAND), -2) }, 400],
      [{ officeId: DENVER }, 400], // doctor 3 works in Portland
      [{ doctorId: 999 }, 400],
      [{ appointmentTime: '03:00' }, 400],
      [{ typeVisit: 'Voucher-999999' }, 400],
      [{ conformation: 'Completed' }, 409],
      [{ conformation: 'Done' }, 400],
    ];
    for (const [payload, status] of attempts) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/appointments/update/${id}`,
        token: tokens.admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect(await appointmentRow(id)).toEqual(before);
  });

  it('keeps its own slot when only other fields change, and follows the state machine for conformation', async () => {
    const id = await scheduled(PORTLAND, 3, sofia); // capacity 1: the appointment fills its own slot
    const res = await clock.atVisit(id, () =>
      t.call({
        method: 'PUT',
        url: `/api/appointments/update/${id}`,
        token: tokens.admin,
        payload: { notes: 'Bring imaging.', conformation: 'Walked In' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notes: 'Bring imaging.', conformation: 'Walked In' });
    expect(res.json().walkedInAt).not.toBeNull();
    const move = await t.call({
      method: 'PUT',
      url: `/api/appointments/update/${id}`,
      token: tokens.admin,
      payload: { appointmentTime: '16:00' },
    });
    expect(move.statusCode).toBe(409);
  });

  it('deletes with the spec message; a missing one is 404', async () => {
    const id = await scheduled();
    const res = await t.call({
      method: 'DELETE',
      url: `/api/appointments/delete/${id}`,
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.appointmentDeleted });
    expect(
      await db().selectFrom('appointments').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const again = await t.call({
      method: 'DELETE',
      url: `/api/appointments/delete/${id}`,
      token: tokens.admin,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('PUT /api/appointments/update-typevisit/{id}', () => {
  async function scheduledFor(patientId: number, officeId: number, doctorId: number, typeVisit = 'eval') {
    const { date, time } = await freshSlot(officeId);
    return bookOk(tokens.admin, {
      patientId,
      officeId,
      doctorId,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit,
    });
  }
  const change = (token: string, id: number, oldVisit: string, newVisit: string) =>
    t.call({
      method: 'PUT',
      url: `/api/appointments/update-typevisit/${id}?oldVisit=${encodeURIComponent(oldVisit)}&newVisit=${encodeURIComponent(newVisit)}`,
      token,
    });

  it('lets the front desk change the type, keeping the voucher link consistent', async () => {
    const id = await scheduledFor(james, AUSTIN, 2);
    const voucher = await newVoucher(james);
    const toVoucher = await change(tokens.frontdesk, id, 'eval', `Voucher-${voucher}`);
    expect(toVoucher.statusCode, toVoucher.body).toBe(200);
    expect(toVoucher.json().typeVisit).toBe(`Voucher-${voucher}`);
    expect((await appointmentRow(id)).voucher_receipt_id).toBe(voucher);
    const back = await change(tokens.manager, id, `Voucher-${voucher}`, 'visit');
    expect(back.statusCode).toBe(200);
    expect(await appointmentRow(id)).toMatchObject({ type_visit: 'visit', voucher_receipt_id: null });
  });

  it('refuses a stale oldVisit (409), a type the patient cannot book (400), and other roles or offices (403)', async () => {
    const id = await scheduledFor(james, AUSTIN, 2);
    expect((await change(tokens.frontdesk, id, 'visit', 'eval')).statusCode).toBe(409);
    expect((await change(tokens.frontdesk, id, 'eval', 'acupuncture')).statusCode).toBe(400);
    expect(
      (await change(tokens.frontdesk, id, 'eval', `Voucher-${await newVoucher(emily)}`)).statusCode,
    ).toBe(400);
    expect((await change(tokens.patient2, id, 'eval', 'visit')).statusCode).toBe(403);
    // The 'doctor' account is Maya, in Denver: Austin is not her office.
    const elsewhere = await change(tokens.doctor, id, 'eval', 'visit');
    expect(elsewhere.statusCode).toBe(403);
    expect((await appointmentRow(id)).type_visit).toBe('eval');
    expect((await change(tokens.frontdesk, 999_999, 'eval', 'visit')).statusCode).toBe(404);
    const own = await scheduledFor(emily, DENVER, 1);
    expect((await change(tokens.doctor, own, 'eval', 'visit')).statusCode).toBe(200);
  });
});

describe('PATCH /api/appointments/update-conformation/{id}', () => {
  async function scheduledFor(patientId: number, officeId: number, doctorId: number, typeVisit = 'visit') {
    const { date, time } = await freshSlot(officeId);
    return bookOk(tokens.admin, {
      patientId,
      officeId,
      doctorId,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit,
    });
  }

  it('walks Scheduled -> Walked In -> In Room -> Completed, recording when, and completion does its work once', async () => {
    const voucher = await newVoucher(james);
    const id = await scheduledFor(james, AUSTIN, 2, `Voucher-${voucher}`);
    const points = await pointsOf(james);
    const visits = await visitsOf(james);

    for (const status of ['Walked In', 'In Room']) {
      const res = await setStatus(tokens.frontdesk, id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().conformation).toBe(status);
    }
    expect(await pointsOf(james)).toBe(points);
    const done = await setStatus(tokens.frontdesk, id, 'Completed');
    expect(done.statusCode).toBe(200);
    const row = await appointmentRow(id);
    expect(row.status).toBe('Completed');
    expect(row.walked_in_at).not.toBeNull();
    expect(row.in_room_at).not.toBeNull();
    expect(row.completed_at).not.toBeNull();
    expect(new Date(row.walked_in_at!).getTime()).toBeLessThanOrEqual(new Date(row.completed_at!).getTime());

    expect(await pointsOf(james)).toBe(points + 1);
    expect(await visitsOf(james)).toBe(visits + 1);
    const ledger = await db()
      .selectFrom('points_ledger')
      .selectAll()
      .where('appointment_id', '=', id)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'appointment_completed', delta: 1, balance_after: points + 1 });
    const ratings = await db().selectFrom('ratings').selectAll().where('appointment_id', '=', id).execute();
    expect(ratings).toHaveLength(1);
    expect(ratings[0]).toMatchObject({
      rating: 100,
      office_rating: 100,
      anonymous: false,
      reason: '',
      extra_notes: '',
      patient_id: james,
      doctor_id: 2,
      office_id: AUSTIN,
    });
    const receipt = await db()
      .selectFrom('receipts')
      .select('vouched')
      .where('id', '=', voucher)
      .executeTakeFirstOrThrow();
    expect(receipt.vouched).toBe(true);

    // Repeating the call is refused and changes nothing further.
    const again = await setStatus(tokens.frontdesk, id, 'Completed');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The appointment is already Completed.');
    expect(await pointsOf(james)).toBe(points + 1);
    expect(await visitsOf(james)).toBe(visits + 1);
  });

  it('keeps a rating that already exists instead of writing the default', async () => {
    const id = await scheduledFor(emily, DENVER, 5);
    await db()
      .insertInto('ratings')
      .values({
        appointment_id: id,
        patient_id: emily,
        doctor_id: 5,
        office_id: DENVER,
        rating: 9,
        office_rating: 8,
        type: 'patient',
        rated_at: new Date(),
        visit_date: '2030-01-07',
      })
      .execute();
    for (const status of ['Walked In', 'In Room', 'Completed'])
      expect((await setStatus(tokens.admin, id, status)).statusCode).toBe(200);
    const ratings = await db().selectFrom('ratings').selectAll().where('appointment_id', '=', id).execute();
    expect(ratings).toHaveLength(1);
    expect(ratings[0]?.rating).toBe(9);
  });

  it('Cancel and No Show are terminal and free the slot; every illegal move is 409 and changes nothing', async () => {
    const canceled = await scheduledFor(sofia, PORTLAND, 3);
    const res = await setStatus(tokens.frontdesk, canceled, 'Canceled');
    expect(res.statusCode).toBe(200);
    expect(res.json().canceledAt).not.toBeNull();
    const noShow = await scheduledFor(sofia, PORTLAND, 3);
    expect((await setStatus(tokens.frontdesk, noShow, 'no show')).json().conformation).toBe('No Show');
    const scheduled = await scheduledFor(sofia, PORTLAND, 3);
    const walkedIn = await scheduledFor(sofia, PORTLAND, 3);
    await setStatus(tokens.frontdesk, walkedIn, 'Walked In');

    const illegal: [number, string][] = [
      [scheduled, 'Completed'],
      [scheduled, 'In Room'],
      [scheduled, 'Scheduled'],
      [walkedIn, 'Canceled'],
      [walkedIn, 'Completed'],
      [walkedIn, 'Scheduled'],
      [canceled, 'Walked In'],
      [canceled, 'Scheduled'],
      [noShow, 'Walked In'],
    ];
    for (const [id, to] of illegal) {
      const before = await appointmentRow(id);
      const attempt = await setStatus(tokens.frontdesk, id, to);
      expect(attempt.statusCode, `${before.status} -> ${to}`).toBe(409);
      expect(attempt.json().message).toMatch(/Cannot change|already|cannot change/);
      expect(await appointmentRow(id)).toEqual(before);
    }
    const unknown = await setStatus(tokens.frontdesk, scheduled, 'Finished');
    expect(unknown.statusCode).toBe(400);
    const missing = await t.call({
      method: 'PATCH',
      url: `/api/appointments/update-conformation/${scheduled}`,
      token: tokens.frontdesk,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect((await setStatus(tokens.frontdesk, 999_999, 'Walked In')).statusCode).toBe(404);
  });

  it('check-in scope: ADMIN, MANAGER and FRONTDESK anywhere; a DOCTOR only at their own office; a PATIENT never', async () => {
    const austin = await scheduledFor(james, AUSTIN, 2);
    const denver = await scheduledFor(emily, DENVER, 1);
    expect((await setStatus(tokens.patient2, austin, 'Walked In')).statusCode).toBe(403);
    expect((await setStatus(tokens.patient, denver, 'Walked In')).statusCode).toBe(403);
    const other = await setStatus(tokens.doctor, austin, 'Walked In');
    expect(other.statusCode).toBe(403);
    expect((await appointmentRow(austin)).status).toBe('Scheduled');
    expect((await setStatus(tokens.doctor, denver, 'Walked In')).statusCode).toBe(200);
    expect((await setStatus(tokens.manager, austin, 'Walked In')).statusCode).toBe(200);
    expect((await setStatus(tokens.admin, austin, 'In Room')).statusCode).toBe(200);
  });

  it('completion happens once under 10 concurrent Completed calls', async () => {
    const id = await scheduledFor(james, AUSTIN, 10);
    await setStatus(tokens.frontdesk, id, 'Walked In');
    await setStatus(tokens.frontdesk, id, 'In Room');
    const points = await pointsOf(james);
    const visits = await visitsOf(james);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => setStatus(tokens.frontdesk, id, 'Completed')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await pointsOf(james)).toBe(points + 1);
    expect(await visitsOf(james)).toBe(visits + 1);
    expect(
      await db().selectFrom('ratings').select('id').where('appointment_id', '=', id).execute(),
    ).toHaveLength(1);
    expect(
      await db().selectFrom('points_ledger').select('id').where('appointment_id', '=', id).execute(),
    ).toHaveLength(1);
  });
});
