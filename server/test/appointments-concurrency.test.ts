import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateInZone, weekdayOf } from '../src/platform/time/zoned-time';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

/**
 * No double booking under concurrency (issue 5): many simultaneous bookings of one slot against a real
 * PostgreSQL server find exactly the capacity booked, and exactly one for one doctor. PGlite has a single
 * connection, so there the requests would only take turns; these run when TEST_DATABASE_URL is set.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const CONCURRENT = 50;
const AUSTIN = 2;
const DENVER = 1;
const NOT_SURE = 15;

describe.runIf(onServer)('simultaneous bookings on PostgreSQL', () => {
  let t: TestApp;
  let second: SecondInstance;
  let adminToken: string;
  let patients: number[];

  beforeAll(async () => {
    t = await createTestApp();
    second = await startSecondInstance(t);
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
    await second?.close();
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

  /** The bookings at once, spread across the two instances. */
  function fire(bodies: Record<string, unknown>[]) {
    return Promise.all(
      bodies.map((payload, i) =>
        (i % 2 === 0 ? t : second).call({
          method: 'POST',
          url: '/api/appointments/add',
          token: adminToken,
          payload,
        }),
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

  describe('the visit burn-down (docs/decisions/0029)', () => {
    const ROUNDS = 10;
    let deskA: string;
    let deskB: string;
    let tuesday: string;
    let wednesday: string;

    beforeAll(async () => {
      // Two front desks, each signed in on its own.
      deskA = await t.login('frontdesk');
      deskB = await t.login('frontdesk');
      // A Tuesday and Wednesday far beyond the seeded hours, open 09:00-17:00 at Austin and Denver.
      let date = addDays(localDateInZone(new Date(), 'America/Chicago'), 40);
      while (weekdayOf(date) !== 'Tuesday') date = addDays(date, 1);
      tuesday = date;
      wednesday = addDays(date, 1);
      await t.database.db
        .insertInto('office_hours')
        .values(
          [AUSTIN, DENVER].flatMap((officeId) =>
            [tuesday, wednesday].map((day) => ({
              office_id: officeId,
              date: day,
              day_of_week: weekdayOf(day),
              open_hour: '09:00',
              close_hour: '17:00',
              increments: 10,
            })),
          ),
        )
        .execute();
    });

    /** Desk A's calls go to the first instance, desk B's to the second. */
    const bookVisit = (token: string, patientId: number, officeId: number, date: string, time: string) =>
      (token === deskA ? t : second).call({
        method: 'POST',
        url: '/api/appointments/add',
        token,
        payload: {
          patientId,
          officeId,
          doctorId: NOT_SURE,
          appointmentDate: date,
          appointmentTime: time,
          typeVisit: 'visit',
        },
      });

    /**
     * Round i books at the same wall time at both offices: Denver is an hour behind Austin all year, so the
     * patient is never booked twice at one instant and only the authorization decides.
     */
    const slotOf = (i: number) => {
      const minutes = 9 * 60 + 30 * i;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    };

    /**
     * ROUNDS load patients from `first`, each insured for 'visit' with an authorization (auth code RACE-<index>)
     * covering the test days, and one visit already booked on it (`booked`, at the round's slot).
     */
    async function roundsWithOneVisit(
      first: number,
      limits: { visits: number | null; weekly_visit_limit: number | null },
      booked: { officeId: number; date: string },
    ): Promise<{ patientId: number; authId: number; authCode: string }[]> {
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) {
        const patientId = patients[first + i]!;
        await t.database.db
          .insertInto('patient_insurances')
          .values({ patient_id: patientId, insurance_id: 1, active: ['visit'], co_pay: null })
          .execute();
        const auth = await t.database.db
          .insertInto('patient_authorizations')
          .values({
            patient_id: patientId,
            auth_code: `RACE-${first + i}`,
            day_start: addDays(tuesday, -30),
            day_end: addDays(tuesday, 30),
            ...limits,
          })
          .returning(['id', 'auth_code'])
          .executeTakeFirstOrThrow();
        const res = await bookVisit(deskA, patientId, booked.officeId, booked.date, slotOf(i));
        expect(res.statusCode, res.body).toBe(201);
        rounds.push({ patientId, authId: auth.id, authCode: auth.auth_code });
      }
      return rounds;
    }

    /**
     * Round after round, desk A books the patient at Austin and desk B at Denver at the same moment:
     * different office-days, so only the authorization's lock keeps the two apart. Exactly one is booked,
     * the other refused with `refusal`, and the authorization holds two live visits.
     */
    async function raceForTheLastPlace(
      rounds: { patientId: number; authId: number; authCode: string }[],
      date: string,
      refusal: (authCode: string) => string,
    ) {
      for (const [i, round] of rounds.entries()) {
        const pair = await Promise.all([
          bookVisit(deskA, round.patientId, AUSTIN, date, slotOf(i)),
          bookVisit(deskB, round.patientId, DENVER, date, slotOf(i)),
        ]);
        const codes = pair.map((r) => r.statusCode).sort();
        expect(codes, pair.map((r) => r.body).join(' | ')).toEqual([201, 409]);
        expect(pair.find((r) => r.statusCode === 409)!.json().message).toBe(refusal(round.authCode));
        const live = await t.database.db
          .selectFrom('appointments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('authorization_id', '=', round.authId)
          .where('status', 'not in', ['Canceled', 'No Show'])
          .executeTakeFirstOrThrow();
        expect(Number(live.n)).toBe(2);
      }
    }

    it('two front desks booking the last authorized visit at once at two offices: one is booked, one refused', async () => {
      const rounds = await roundsWithOneVisit(
        0,
        { visits: 2, weekly_visit_limit: null },
        { officeId: AUSTIN, date: wednesday },
      );
      await raceForTheLastPlace(
        rounds,
        tuesday,
        (code) =>
          `Authorization ${code} has no visits left (2 authorized, 0 used, 2 scheduled). Book an Evaluation (first visit) or Visit (self-pay) instead.`,
      );
    });

    it('two front desks booking past the weekly limit at once at two offices: one is booked, one refused', async () => {
      const rounds = await roundsWithOneVisit(
        ROUNDS,
        { visits: null, weekly_visit_limit: 2 },
        { officeId: DENVER, date: tuesday },
      );
      const monday = addDays(tuesday, -1);
      await raceForTheLastPlace(
        rounds,
        wednesday,
        (code) =>
          `Authorization ${code} allows 2 visits a week, and the week of ${monday} already has 2. Book an Evaluation (first visit) or Visit (self-pay) instead.`,
      );
    });
  });
});
