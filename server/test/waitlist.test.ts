import { WAITLIST_MESSAGES } from '@clinic/contract/waitlist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOffers } from '../src/modules/waitlist/waitlist-offers';
import { addDays, localDateInZone } from '../src/platform/time/zoned-time';
import { createTestApp, type TestApp } from './test-app';

/**
 * The waitlist (issue 14): a patient waits for a full day; a freed place is offered to the first waiting
 * patient and held for them (others find it taken); they take it with the booking rules, or the offer runs
 * out and goes to the next one.
 */
let t: TestApp;
const tokens = {} as Record<'patient' | 'patient2' | 'frontdesk', string>;
let sofia: number;
let day: string;
const PORTLAND = 3; // one visit per slot
const SLOTS = ['09:00', '09:30'];
const visits: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['patient', 'patient2', 'frontdesk'] as const) tokens[user] = await t.login(user);
  sofia = await t.patientIdOf('sramirez');
  // A short open Portland day beyond the seeded visits: two slots, both booked for Sofia.
  const today = localDateInZone(new Date(), 'America/Los_Angeles');
  const row = await t.database.db
    .selectFrom('office_hours')
    .select(['id', 'date'])
    .where('office_id', '=', PORTLAND)
    .where('date', '>=', addDays(today, 22))
    .where('day_of_week', '<>', 'Closed')
    .orderBy('date')
    .executeTakeFirstOrThrow();
  day = row.date;
  await t.database.db
    .updateTable('office_hours')
    .set({ open_hour: '09:00', close_hour: '10:00' })
    .where('id', '=', row.id)
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const join = (token: string, body: Record<string, unknown> = {}) =>
  t.call({
    method: 'POST',
    url: '/api/waitlist',
    token,
    payload: { officeId: PORTLAND, doctorId: null, date: day, typeVisit: 'eval', ...body },
  });
const mine = async (token: string) =>
  (await t.call({ method: 'GET', url: '/api/waitlist/mine', token })).json();
const times = async (token: string) =>
  (
    await t.call({
      method: 'GET',
      url: `/api/appointments/available-times?officeId=${PORTLAND}&date=${day}`,
      token,
    })
  ).json();
const cancelVisit = (id: number) =>
  t.call({
    method: 'PATCH',
    url: `/api/appointments/update-conformation/${id}`,
    token: tokens.frontdesk,
    payload: { conformation: 'Canceled' },
  });

async function bookForSofia(time: string, date = day): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token: tokens.frontdesk,
    payload: {
      patientId: sofia,
      officeId: PORTLAND,
      doctorId: 3,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit: 'eval',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId;
}

describe('the waitlist of a full day', () => {
  it('is for a day with no free time left, once per patient, for patients only', async () => {
    const early = await join(tokens.patient);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(WAITLIST_MESSAGES.dayHasFreeTimes);

    for (const time of SLOTS) visits.push(await bookForSofia(time));
    const joined = await join(tokens.patient);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'waiting', date: day, doctorId: null, doctorName: null });
    expect((await join(tokens.patient)).json().message).toBe(WAITLIST_MESSAGES.alreadyWaiting);
    expect((await join(tokens.patient2)).statusCode).toBe(201);
    expect((await join(tokens.frontdesk)).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/waitlist', payload: {} })).statusCode).toBe(401);
    expect((await join(tokens.patient, { date: 'someday' })).statusCode).toBe(400);
  });

  it('offers a freed place to the first one waiting and holds it: others find it taken', async () => {
    expect((await cancelVisit(visits[0]!)).statusCode).toBe(200);
    const [first] = await mine(tokens.patient);
    expect(first).toMatchObject({ status: 'offered', offeredTime: '09:00' });
    expect(new Date(first.offerExpiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await mine(tokens.patient2))[0].status).toBe('waiting');
    expect((await times(tokens.patient2)).bookedSlots).toEqual(SLOTS);

    const grab = await t.call({
      method: 'POST',
      url: '/api/appointments/add',
      token: tokens.patient2,
      payload: {
        officeId: PORTLAND,
        doctorId: 7,
        appointmentDate: day,
        appointmentTime: '09:00',
        typeVisit: 'eval',
      },
    });
    expect(grab.statusCode).toBe(409);

    // Only the patient it was offered to may take it.
    expect(
      (await t.call({ method: 'POST', url: `/api/waitlist/${first.id}/accept`, token: tokens.patient2 }))
        .statusCode,
    ).toBe(404);
    const taken = await t.call({
      method: 'POST',
      url: `/api/waitlist/${first.id}/accept`,
      token: tokens.patient,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const [after] = await mine(tokens.patient);
    expect(after).toMatchObject({ status: 'booked', appointmentId: taken.json().appoinmentId });
    const visit = await t.database.db
      .selectFrom('appointments')
      .select(['appointment_time', 'status', 'doctor_exclusive'])
      .where('id', '=', taken.json().appoinmentId)
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({
      appointment_time: '09:00:00',
      status: 'Scheduled',
      doctor_exclusive: false,
    });
    const again = await t.call({
      method: 'POST',
      url: `/api/waitlist/${first.id}/accept`,
      token: tokens.patient,
    });
    expect(again.json().message).toBe(WAITLIST_MESSAGES.offerGone);
  });

  it('passes a run-out offer to the next one waiting, and frees the place when no one is left', async () => {
    expect((await cancelVisit(visits[1]!)).statusCode).toBe(200);
    const [offered] = await mine(tokens.patient2);
    expect(offered).toMatchObject({ status: 'offered', offeredTime: '09:30' });

    await t.database.db
      .updateTable('waitlist_entries')
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', offered.id)
      .execute();
    expect(await expireOffers(t.database.db, new Date())).toBe(1);
    expect((await mine(tokens.patient2))[0].status).toBe('expired');
    expect((await times(tokens.patient)).bookedSlots).toEqual(['09:00']);
    const late = await t.call({
      method: 'POST',
      url: `/api/waitlist/${offered.id}/accept`,
      token: tokens.patient2,
    });
    expect(late.statusCode).toBe(409);
  });

  it('lets a patient leave; an offered place then goes on to the next one waiting', async () => {
    // The 09:30 place is free: book it, join both, free it again.
    const visit = await bookForSofia('09:30');
    await t.database.db
      .updateTable('waitlist_entries')
      .set({ status: 'left' })
      .where('status', '=', 'waiting')
      .execute();
    const a = (await join(tokens.patient2)).json();
    await t.database.db
      .updateTable('waitlist_entries')
      .set({ status: 'left' })
      .where('patient_id', '=', a.patientId)
      .where('status', '=', 'booked')
      .execute();
    const b = await join(tokens.patient);
    expect(b.statusCode, b.body).toBe(201);
    expect((await cancelVisit(visit)).statusCode).toBe(200);
    expect((await mine(tokens.patient2))[0]).toMatchObject({ id: a.id, status: 'offered' });

    expect(
      (await t.call({ method: 'DELETE', url: `/api/waitlist/${a.id}`, token: tokens.patient })).statusCode,
    ).toBe(404);
    const left = await t.call({ method: 'DELETE', url: `/api/waitlist/${a.id}`, token: tokens.patient2 });
    expect(left.json().status).toBe('left');
    expect((await mine(tokens.patient))[0]).toMatchObject({ status: 'offered', offeredTime: '09:30' });
  });
});

describe('the type of visit waited for (issue 28)', () => {
  it('is one the patient may book that day, or joining is refused', async () => {
    const res = await join(tokens.patient, { typeVisit: 'acupuncture' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/"acupuncture" is not a type of visit this patient can book/);
  });

  it('is the type booked when the offer is taken, drawing on the authorization', async () => {
    // The next open Portland day, one slot long and booked for Sofia; Emily waits for a 'visit'.
    const next = await t.database.db
      .selectFrom('office_hours')
      .select(['id', 'date'])
      .where('office_id', '=', PORTLAND)
      .where('date', '>', day)
      .where('day_of_week', '<>', 'Closed')
      .orderBy('date')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('office_hours')
      .set({ open_hour: '09:00', close_hour: '09:30' })
      .where('id', '=', next.id)
      .execute();
    const sofias = await bookForSofia('09:00', next.date);
    const waiting = await join(tokens.patient, { date: next.date, typeVisit: 'visit' });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json().typeVisit).toBe('visit');

    expect((await cancelVisit(sofias)).statusCode).toBe(200);
    const taken = await t.call({
      method: 'POST',
      url: `/api/waitlist/${waiting.json().id}/accept`,
      token: tokens.patient,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const booked = await t.database.db
      .selectFrom('appointments')
      .select(['type_visit', 'authorization_id'])
      .where('id', '=', taken.json().appoinmentId)
      .executeTakeFirstOrThrow();
    expect(booked.type_visit).toBe('visit');
    expect(booked.authorization_id).not.toBeNull();
  });
});
