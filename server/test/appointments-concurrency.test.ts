import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateInZone } from '../src/platform/time/zoned-time';
import { createTestApp, type TestApp } from './test-app';

/**
 * No double booking under concurrency (issue 5): many simultaneous bookings of one slot against a real
 * PostgreSQL server find exactly the capacity booked, and exactly one for one doctor. PGlite has a single
 * connection, so there the requests would only take turns; these run when TEST_DATABASE_URL is set.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const CONCURRENT = 50;
const AUSTIN = 2;
const NOT_SURE = 15;

describe.runIf(onServer)('simultaneous bookings on PostgreSQL', () => {
  let t: TestApp;
  let adminToken: string;
  let patients: number[];

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login('admin');
    const rows = await t.database.db
      .insertInto('patients')
      .values(
        Array.from({ length: CONCURRENT }, (_, i) => ({
          first_name: 'Load',
          last_name: `Patient ${i}`,
          email: `load.patient.${i}@mail.example`,
        })),
      )
      .returning('id')
      .execute();
    patients = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An open Austin day beyond the seeded visits, with its capacity set for the test. */
  async function openDay(offset: number, increments: number): Promise<{ date: string; time: string }> {
    const today = localDateInZone(new Date(), 'America/Chicago');
    const day = await t.database.db
      .selectFrom('office_hours')
      .select(['id', 'date', 'open_hour'])
      .where('office_id', '=', AUSTIN)
      .where('date', '>=', addDays(today, 20))
      .where('day_of_week', '<>', 'Closed')
      .orderBy('date')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('office_hours').set({ increments }).where('id', '=', day.id).execute();
    return { date: day.date, time: day.open_hour!.slice(0, 5) };
  }

  function fire(bodies: Record<string, unknown>[]) {
    return Promise.all(
      bodies.map((payload) =>
        t.call({ method: 'POST', url: '/api/appointments/add', token: adminToken, payload }),
      ),
    );
  }

  async function liveAt(date: string, time: string, doctorId?: number): Promise<number> {
    let query = t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('office_id', '=', AUSTIN)
      .where('appointment_date', '=', date)
      .where('appointment_time', '=', time)
      .where('status', 'not in', ['Canceled', 'No Show']);
    if (doctorId !== undefined) query = query.where('doctor_id', '=', doctorId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  it(`${CONCURRENT} bookings of one slot with capacity 3 book exactly 3`, async () => {
    const { date, time } = await openDay(0, 3);
    const results = await fire(
      patients.map((patientId) => ({
        patientId,
        officeId: AUSTIN,
        doctorId: NOT_SURE,
        appointmentDate: date,
        appointmentTime: time,
        typeVisit: 'eval',
      })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(CONCURRENT - 3);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({
        success: false,
        message: 'That time slot is full. Please choose another time.',
      });
    }
    expect(await liveAt(date, time)).toBe(3);
    const available = await t.call({
      method: 'GET',
      url: `/api/appointments/available-times?officeId=${AUSTIN}&date=${date}`,
      token: adminToken,
    });
    expect(available.json().bookedSlots).toEqual([time]);
  });

  it(`${CONCURRENT} bookings of one doctor at one slot book exactly 1, with room left in the slot`, async () => {
    const { date, time } = await openDay(1, 100);
    const results = await fire(
      patients.map((patientId) => ({
        patientId,
        officeId: AUSTIN,
        doctorId: 2,
        appointmentDate: date,
        appointmentTime: time,
        typeVisit: 'eval',
      })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(CONCURRENT - 1);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe('The doctor already has an appointment at that time.');
    }
    expect(await liveAt(date, time, 2)).toBe(1);
  });

  it('the database itself refuses a second live appointment of one doctor in one slot', async () => {
    // The booking checks run under a lock; the partial unique index is the guarantee beneath them.
    const { date, time } = await openDay(2, 100);
    const values = (patientId: number) => ({
      office_id: AUSTIN,
      doctor_id: 2,
      patient_id: patientId,
      appointment_date: date,
      appointment_time: time,
      starts_at: new Date(),
      type_visit: 'eval',
      doctor_exclusive: true,
    });
    await t.database.db.insertInto('appointments').values(values(patients[0]!)).execute();
    await expect(
      t.database.db.insertInto('appointments').values(values(patients[1]!)).execute(),
    ).rejects.toMatchObject({
      code: '23505',
    });
  });
});
