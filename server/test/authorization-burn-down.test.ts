import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientAuthorizationsTable } from '../src/db/schema';
import { addDays, localDateInZone, weekdayOf } from '../src/platform/time/zoned-time';
import { createTestApp, type TestApp } from './test-app';
import { visitDayClock } from './visit-day-clock';

/**
 * The visit burn-down (issue 10, docs/decisions/0029): a visit of an insurance type draws on an
 * authorization inside the booking transaction, and is refused with a message that says why when none
 * covers it, it is not active, the date is outside it, its visits are used up or the week is full.
 * Concurrent bookings of the last visit are in appointments-concurrency.test.ts (PostgreSQL).
 *
 * Each scenario has its own demo patient and its own authorization starting today, so it is the one that
 * covers the test dates (the latest start wins). The bookings go to Austin on days far beyond the seeded
 * visits, opened here, and each takes a slot that available-times offers.
 */
let t: TestApp;
let admin: string;
let frontdesk: string;
let today: string;
/** Mondays of three consecutive weeks with open days. */
let weeks: [string, string, string];
const AUSTIN = 2; // America/Chicago, capacity 3
const NOT_SURE = 15;
const INSTEAD = 'Book an Evaluation (first visit) or Visit (self-pay) instead.';

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await t.login('admin');
  frontdesk = await t.login('frontdesk');
  today = localDateInZone(new Date(), 'America/Chicago');
  // Four weeks of Austin hours after the seeded ones (which end 30 days out): Monday to Friday 09:00-17:00.
  const hours = Array.from({ length: 28 }, (_, i) => {
    const date = addDays(today, 35 + i);
    const weekday = weekdayOf(date);
    const open = weekday !== 'Saturday' && weekday !== 'Sunday';
    return {
      office_id: AUSTIN,
      date,
      day_of_week: open ? weekday : ('Closed' as const),
      open_hour: open ? '09:00' : null,
      close_hour: open ? '17:00' : null,
      increments: 3,
    };
  });
  await t.database.db.insertInto('office_hours').values(hours).execute();
  const monday = hours.find((h) => h.day_of_week === 'Monday')!.date;
  weeks = [monday, addDays(monday, 7), addDays(monday, 14)];
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** A slot that available-times offers on that day and that no other booking of this file has taken. */
const handedOut = new Set<string>();
async function slotOn(date: string): Promise<string> {
  const res = await t.call({
    method: 'GET',
    url: `/api/appointments/available-times?officeId=${AUSTIN}&date=${date}`,
    token: frontdesk,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { allSlots, bookedSlots } = res.json() as { allSlots: string[]; bookedSlots: string[] };
  const time = allSlots.find((s) => !bookedSlots.includes(s) && !handedOut.has(`${date} ${s}`));
  if (!time) throw new Error(`no free slot on ${date}`);
  handedOut.add(`${date} ${time}`);
  return time;
}

let authCodes = 0;
/** An authorization of the patient (active, today to 90 days out, 12 visits, no weekly limit) and its diagnosis set. */
async function authorize(
  patientId: number,
  overrides: Partial<Insertable<PatientAuthorizationsTable>> = {},
): Promise<{ authId: number; authCode: string; diagCombId: number }> {
  const authorization = await db()
    .insertInto('patient_authorizations')
    .values({
      patient_id: patientId,
      auth_code: `TEST-${++authCodes}`,
      day_start: today,
      day_end: addDays(today, 90),
      visits: 12,
      weekly_visit_limit: null,
      active: true,
      ...overrides,
    })
    .returning(['id', 'auth_code'])
    .executeTakeFirstOrThrow();
  const combiner = await db()
    .insertInto('diagnosis_combiners')
    .values({ authorization_id: authorization.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { authId: authorization.id, authCode: authorization.auth_code, diagCombId: combiner.id };
}

/** Books on `date` at a free Austin slot with the Not Sure doctor, at the front desk. */
async function book(
  patientId: number,
  date: string,
  typeVisit = 'visit',
  extra: Record<string, unknown> = {},
) {
  return t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token: frontdesk,
    payload: {
      patientId,
      officeId: AUSTIN,
      doctorId: NOT_SURE,
      appointmentDate: date,
      appointmentTime: await slotOn(date),
      typeVisit,
      ...extra,
    },
  });
}

async function bookOk(
  patientId: number,
  date: string,
  typeVisit = 'visit',
  extra: Record<string, unknown> = {},
) {
  const res = await book(patientId, date, typeVisit, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId as number;
}

async function refused(
  patientId: number,
  date: string,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
  const before = await appointmentsOf(patientId);
  const res = await book(patientId, date, 'visit', extra);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message });
  expect(await appointmentsOf(patientId)).toBe(before);
}

async function appointmentsOf(patientId: number): Promise<number> {
  const row = await db()
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function drawsOn(appointmentId: number): Promise<number | null> {
  const row = await db()
    .selectFrom('appointments')
    .select('authorization_id')
    .where('id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  return row.authorization_id;
}

async function latestAuth(patientId: number) {
  const res = await t.call({
    method: 'GET',
    url: `/api/patientauthorization/latest-auth/${patientId}`,
    token: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    authId: number;
    visitsUsed: number;
    visitsScheduled: number;
    visitsLeft: number | null;
  };
}

/** Check-in happens on the visit's day (decision 0054): status changes run at the visit's start. */
const clock = visitDayClock(() => t.database.db);

async function setStatus(id: number, ...statuses: string[]) {
  for (const conformation of statuses) {
    const res = await clock.atVisit(id, () =>
      t.call({
        method: 'PATCH',
        url: `/api/appointments/update-conformation/${id}`,
        token: frontdesk,
        payload: { conformation },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
}

function edit(id: number, payload: Record<string, unknown>) {
  return t.call({ method: 'PUT', url: `/api/appointments/update/${id}`, token: admin, payload });
}

function changeType(id: number, oldVisit: string, newVisit: string) {
  return t.call({
    method: 'PUT',
    url: `/api/appointments/update-typevisit/${id}?oldVisit=${encodeURIComponent(oldVisit)}&newVisit=${encodeURIComponent(newVisit)}`,
    token: frontdesk,
  });
}

describe('visit burn-down at booking', () => {
  it('an insurance visit draws on the covering authorization; completing it at check-in moves it to used', async () => {
    const patient = await t.patientIdOf('mobrien');
    const auth = await authorize(patient, { visits: 10, weekly_visit_limit: 3 });
    expect(await latestAuth(patient)).toMatchObject({
      authId: auth.authId,
      visitsUsed: 0,
      visitsScheduled: 0,
      visitsLeft: 10,
    });

    const id = await bookOk(patient, weeks[0]);
    expect(await drawsOn(id)).toBe(auth.authId);
    const read = await t.call({ method: 'GET', url: `/api/appointments/${id}`, token: admin });
    expect(read.json()).toMatchObject({ authId: auth.authId, diagCombId: null, typeVisit: 'visit' });
    expect(await latestAuth(patient)).toMatchObject({ visitsUsed: 0, visitsScheduled: 1, visitsLeft: 9 });

    await setStatus(id, 'Walked In', 'In Room');
    expect(await latestAuth(patient)).toMatchObject({ visitsUsed: 0, visitsScheduled: 1 });
    await setStatus(id, 'Completed');
    expect(await latestAuth(patient)).toMatchObject({ visitsUsed: 1, visitsScheduled: 0, visitsLeft: 9 });
    expect(await drawsOn(id)).toBe(auth.authId);
  });

  it('refuses an insurance visit when no active authorization covers the date', async () => {
    const patient = await t.patientIdOf('ajohnson'); // insured for visit and double, no authorization
    const date = weeks[0];
    const none = `No active authorization covers a "Visit (insurance)" visit on ${date}. ${INSTEAD}`;
    await refused(patient, date, 400, none);
    // An inactive one that covers the date, and an active one that starts later, do not cover it either.
    await authorize(patient, { active: false });
    await authorize(patient, { day_start: addDays(date, 1) });
    await refused(patient, date, 400, none);
  });

  it('refuses an authorization named by its diagnosis set when it is not active or the date is outside it', async () => {
    const patient = await t.patientIdOf('ajohnson');
    const date = weeks[1];
    const inactive = await authorize(patient, { active: false });
    await refused(patient, date, 400, `Authorization ${inactive.authCode} is not active. ${INSTEAD}`, {
      diagCombId: inactive.diagCombId,
    });
    const later = await authorize(patient, { day_start: addDays(date, 1), day_end: addDays(date, 60) });
    await refused(
      patient,
      date,
      400,
      `Authorization ${later.authCode} covers ${addDays(date, 1)} to ${addDays(date, 60)}; ${date} is outside it. ${INSTEAD}`,
      { diagCombId: later.diagCombId },
    );
    const ended = await authorize(patient, { day_start: addDays(today, -90), day_end: addDays(date, -1) });
    await refused(
      patient,
      date,
      400,
      `Authorization ${ended.authCode} covers ${addDays(today, -90)} to ${addDays(date, -1)}; ${date} is outside it. ${INSTEAD}`,
      { diagCombId: ended.diagCombId },
    );
  });

  it('always books eval and visit (pay), which draw on no authorization, even with a diagnosis set', async () => {
    const patient = await t.patientIdOf('ajohnson');
    const inactive = await authorize(patient, { active: false, visits: 0 });
    for (const typeVisit of ['eval', 'visit (pay)']) {
      const plain = await bookOk(patient, weeks[2], typeVisit);
      expect(await drawsOn(plain)).toBeNull();
      const withSet = await bookOk(patient, weeks[2], typeVisit, { diagCombId: inactive.diagCombId });
      const row = await db()
        .selectFrom('appointments')
        .select(['authorization_id', 'diagnosis_combiner_id'])
        .where('id', '=', withSet)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ authorization_id: null, diagnosis_combiner_id: inactive.diagCombId });
    }
  });

  it('refuses a visit when the authorized visits are used up by completed and scheduled ones (409)', async () => {
    const patient = await t.patientIdOf('rkim');
    const auth = await authorize(patient, { visits: 2 });
    const first = await bookOk(patient, weeks[0]);
    await bookOk(patient, weeks[1]);
    await setStatus(first, 'Walked In', 'In Room', 'Completed');
    await refused(
      patient,
      weeks[2],
      409,
      `Authorization ${auth.authCode} has no visits left (2 authorized, 1 used, 1 scheduled). ${INSTEAD}`,
    );
    expect(await latestAuth(patient)).toMatchObject({ visitsUsed: 1, visitsScheduled: 1, visitsLeft: 0 });
  });

  it('refuses a third visit in a week with a weekly limit of 2 (409); the next Monday is a new week', async () => {
    const patient = await t.patientIdOf('obennett');
    const auth = await authorize(patient, { weekly_visit_limit: 2, visits: null });
    const [monday, nextMonday] = weeks;
    await bookOk(patient, monday);
    await bookOk(patient, addDays(monday, 2));
    await refused(
      patient,
      addDays(monday, 4),
      409,
      `Authorization ${auth.authCode} allows 2 visits a week, and the week of ${monday} already has 2. ${INSTEAD}`,
    );
    const next = await bookOk(patient, nextMonday);
    expect(await drawsOn(next)).toBe(auth.authId);
  });

  it('canceling a visit or marking it No Show frees its place', async () => {
    const patient = await t.patientIdOf('sramirez');
    const auth = await authorize(patient, { visits: 1 });
    const first = await bookOk(patient, weeks[0]);
    const full = `Authorization ${auth.authCode} has no visits left (1 authorized, 0 used, 1 scheduled). ${INSTEAD}`;
    await refused(patient, weeks[1], 409, full);
    await setStatus(first, 'Canceled');
    const second = await bookOk(patient, weeks[1]);
    await refused(patient, weeks[2], 409, full);
    await setStatus(second, 'No Show');
    await bookOk(patient, weeks[2]);
    expect(await latestAuth(patient)).toMatchObject({ visitsUsed: 0, visitsScheduled: 1, visitsLeft: 0 });
  });
});

describe('visit burn-down on edits', () => {
  it('moving a visit to another week re-checks the weekly limit, leaving the visit itself out', async () => {
    const patient = await t.patientIdOf('patient2');
    const auth = await authorize(patient, { weekly_visit_limit: 1, visits: null });
    const [week1, week2] = weeks;
    const first = await bookOk(patient, week1);
    const second = await bookOk(patient, week2);

    const into = addDays(week1, 1);
    const refusedMove = await edit(second, { appointmentDate: into, appointmentTime: await slotOn(into) });
    expect(refusedMove.statusCode, refusedMove.body).toBe(409);
    expect(refusedMove.json().message).toBe(
      `Authorization ${auth.authCode} allows 1 visit a week, and the week of ${week1} already has 1. ${INSTEAD}`,
    );
    expect(
      (
        await db()
          .selectFrom('appointments')
          .select('appointment_date')
          .where('id', '=', second)
          .executeTakeFirstOrThrow()
      ).appointment_date,
    ).toBe(week2);

    // Within its own week it does not count against itself.
    for (const [id, date] of [
      [second, addDays(week2, 3)],
      [first, addDays(week1, 4)],
    ] as const) {
      const moved = await edit(id, { appointmentDate: date, appointmentTime: await slotOn(date) });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ appointmentDate: date, authId: auth.authId });
    }
  });

  it('changing the type re-checks: to an insurance type draws on the authorization, to eval frees its place', async () => {
    const patient = await t.patientIdOf('patient2');
    const auth = await authorize(patient, { weekly_visit_limit: 1, visits: null });
    const week = weeks[2];
    const visit = await bookOk(patient, week);
    const evaluation = await bookOk(patient, addDays(week, 1), 'eval');

    const full = await changeType(evaluation, 'eval', 'visit');
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().message).toMatch(/allows 1 visit a week/);
    expect(await drawsOn(evaluation)).toBeNull();

    const toEval = await changeType(visit, 'visit', 'eval');
    expect(toEval.statusCode, toEval.body).toBe(200);
    expect(toEval.json().authId).toBeNull();
    const toVisit = await changeType(evaluation, 'eval', 'visit');
    expect(toVisit.statusCode, toVisit.body).toBe(200);
    expect(toVisit.json().authId).toBe(auth.authId);

    // The admin edit too: back to visit (pay) clears the link, and the freed place can be taken again.
    const toPay = await edit(evaluation, { typeVisit: 'visit (pay)' });
    expect(toPay.json()).toMatchObject({ typeVisit: 'visit (pay)', authId: null });
    const again = await edit(visit, { typeVisit: 'visit' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().authId).toBe(auth.authId);
  });

  it('a move to another time on the same day keeps the link; another date is checked again', async () => {
    const patient = await t.patientIdOf('mobrien');
    const auth = await authorize(patient);
    const day = addDays(weeks[1], 1);
    const id = await bookOk(patient, day, 'visit', { diagCombId: auth.diagCombId });
    expect(await drawsOn(id)).toBe(auth.authId);
    await db()
      .updateTable('patient_authorizations')
      .set({ active: false })
      .where('id', '=', auth.authId)
      .execute();

    const sameDay = await edit(id, { appointmentTime: await slotOn(day) });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
    expect(sameDay.json().authId).toBe(auth.authId);
    const nextDay = addDays(day, 1);
    const otherDay = await edit(id, { appointmentDate: nextDay, appointmentTime: await slotOn(nextDay) });
    expect(otherDay.statusCode, otherDay.body).toBe(400);
    expect(otherDay.json().message).toBe(`Authorization ${auth.authCode} is not active. ${INSTEAD}`);
    expect(await drawsOn(id)).toBe(auth.authId);
  });

  it('naming an inactive diagnosis set on an edit is refused and changes nothing', async () => {
    const patient = await t.patientIdOf('patient2');
    const inactive = await authorize(patient, { active: false });
    const id = await bookOk(patient, addDays(weeks[1], 2), 'visit');
    const before = await drawsOn(id);
    const res = await edit(id, { diagCombId: inactive.diagCombId });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(`Authorization ${inactive.authCode} is not active. ${INSTEAD}`);
    expect(await drawsOn(id)).toBe(before);
  });

  it("refuses another patient's diagnosis set, at booking and on an edit", async () => {
    const emily = await t.patientIdOf('patient');
    const james = await t.patientIdOf('patient2');
    const theirs = await authorize(james);
    const message = "The diagnosis set is not one of this patient's authorizations.";
    await refused(emily, weeks[0], 400, message, { diagCombId: theirs.diagCombId });
    const own = await bookOk(emily, weeks[0], 'eval');
    const res = await edit(own, { diagCombId: theirs.diagCombId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
