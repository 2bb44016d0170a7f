import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateInZone, weekdayOf } from '../src/platform/time/zoned-time';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

/**
 * A patient holds at most one live appointment at an instant (issue 12), whichever offices the bookings are
 * at: 10:00 in Austin (Central time) is 09:00 in Denver (Mountain time), all year. The database holds it
 * (appointments_patient_instant_key); the race of two front desks is proven on PostgreSQL with two app
 * instances, each with its own connection pool.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const AUSTIN = 2;
const DENVER = 1;
const NOT_SURE = 15;
const ROUNDS = 10;
const BUSY = 'The patient already has an appointment at that time.';

/** Round i's instant as each office's wall clock: Austin 10:00 + 30 min * i is Denver 09:00 + 30 min * i. */
function wallTimes(i: number): { austin: string; denver: string } {
  const at = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { austin: at(10 * 60 + 30 * i), denver: at(9 * 60 + 30 * i) };
}

describe('one live appointment of a patient at one instant', () => {
  let t: TestApp;
  let deskA: string;
  let deskB: string;
  let tuesday: string;
  let patients: number[];

  beforeAll(async () => {
    t = await createTestApp();
    deskA = await t.login('frontdesk');
    deskB = await t.login('frontdesk');
    // A Tuesday far beyond the seeded hours, open 08:00-17:00 at both offices with room for many.
    let date = addDays(localDateInZone(new Date(), 'America/Chicago'), 45);
    while (weekdayOf(date) !== 'Tuesday') date = addDays(date, 1);
    tuesday = date;
    await t.database.db
      .insertInto('office_hours')
      .values(
        [AUSTIN, DENVER].map((officeId) => ({
          office_id: officeId,
          date: tuesday,
          day_of_week: weekdayOf(tuesday),
          open_hour: '08:00',
          close_hour: '17:00',
          increments: 10,
        })),
      )
      .execute();
    const rows = await t.database.db
      .insertInto('patients')
      .values(
        Array.from({ length: ROUNDS + 1 }, (_, i) => ({
          first_name: 'Instant',
          last_name: `Patient ${i}`,
          email: `instant.patient.${i}@mail.example`,
        })),
      )
      .returning('id')
      .execute();
    patients = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const book = (app: FastifyInstance, token: string, patientId: number, officeId: number, time: string) =>
    app.inject({
      method: 'POST',
      url: '/api/appointments/add',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        patientId,
        officeId,
        doctorId: NOT_SURE,
        appointmentDate: tuesday,
        appointmentTime: time,
        typeVisit: 'eval',
      },
    });

  const liveOf = async (patientId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('appointments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('patient_id', '=', patientId)
          .where('status', 'not in', ['Canceled', 'No Show'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses the same instant at another office with a clear 409; a canceled visit frees the instant', async () => {
    const patientId = patients[ROUNDS]!;
    const first = await book(t.app, deskA, patientId, DENVER, '13:00');
    expect(first.statusCode, first.body).toBe(201);
    const second = await book(t.app, deskA, patientId, AUSTIN, '14:00');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BUSY);
    expect(await liveOf(patientId)).toBe(1);

    // The database itself refuses a second live row, whatever the code above it does.
    const row = await t.database.db
      .selectFrom('appointments')
      .selectAll()
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await expect(
      t.database.db
        .insertInto('appointments')
        .values({ ...copy, office_id: AUSTIN, appointment_time: '14:00:00' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });

    await t.database.db
      .updateTable('appointments')
      .set({ status: 'Canceled', canceled_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    const again = await book(t.app, deskA, patientId, AUSTIN, '14:00');
    expect(again.statusCode, again.body).toBe(201);
  });

  describe.runIf(onServer)('on PostgreSQL, two app instances', () => {
    let second: SecondInstance;

    beforeAll(async () => {
      second = await startSecondInstance(t);
    });
    afterAll(async () => {
      await second?.close();
    });

    it('two front desks booking one patient at one instant at two offices: one is booked, one refused', async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const patientId = patients[i]!;
        const times = wallTimes(i);
        const pair = await Promise.all([
          book(t.app, deskA, patientId, AUSTIN, times.austin),
          book(second.app, deskB, patientId, DENVER, times.denver),
        ]);
        const codes = pair.map((r) => r.statusCode).sort();
        expect(codes, pair.map((r) => r.body).join(' | ')).toEqual([201, 409]);
        expect(pair.find((r) => r.statusCode === 409)!.json().message).toBe(BUSY);
        expect(await liveOf(patientId)).toBe(1);
      }
    });
  });
});
