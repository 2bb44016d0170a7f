import { DIRECTORY_SPECIALTIES, NOT_SURE_DOCTOR_ID } from '@clinic/contract/constants';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { verifyPassword } from '../../platform/auth/passwords';
import { DEFAULT_PRACTICE_TIME_ZONE, practiceToday } from '../../platform/time/practice-date';
import { addDays, localDateInZone } from '../../platform/time/zoned-time';
import type { DB } from '../schema';
import { OFFICES } from './demo-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './demo-seed';

/** The Scheduled visits of an office's today (seeded at `now`): what its check-in board opens on. */
async function visitsToday(db: Kysely<DB>, officeId: number, now: Date) {
  const office = OFFICES.find((o) => o.id === officeId)!;
  return db
    .selectFrom('appointments')
    .select(['patient_id', 'appointment_time', 'type_visit'])
    .where('office_id', '=', officeId)
    .where('appointment_date', '=', localDateInZone(now, office.timeZone))
    .where('status', '=', 'Scheduled')
    .execute();
}

// A fixed moment just after the US fall-back change, so the hours window crosses no DST day.
const NOW = new Date('2026-11-18T15:00:00Z');

describe('demo seed', () => {
  let database: TestDatabase;
  const db = () => database.db;

  /** Runs statements that must succeed, then undoes them. */
  async function rollingBack(work: (trx: Kysely<DB>) => Promise<void>): Promise<void> {
    const undo = new Error('rollback');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await work(trx);
          throw undo;
        }),
    ).rejects.toBe(undo);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDemo(database.db, { now: NOW, includeAccounts: true });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('is no longer empty and refuses to seed twice', async () => {
    expect(await isDatabaseEmpty(db())).toBe(false);
    await expect(seedDemo(db(), { now: NOW, includeAccounts: false })).rejects.toThrow(/empty database/);
  });

  it('has at least 4 offices in at least 3 states and 3 time zones', async () => {
    const offices = await db().selectFrom('offices').selectAll().execute();
    expect(offices.length).toBeGreaterThanOrEqual(4);
    const states = new Set(offices.map((o) => /, ([A-Z]{2}) \d{5}$/.exec(o.address)?.[1]));
    states.delete(undefined);
    expect(states.size).toBeGreaterThanOrEqual(3);
    expect(new Set(offices.map((o) => o.time_zone)).size).toBeGreaterThanOrEqual(3);
    for (const office of offices) {
      expect(office.phone_number).toMatch(/555-01\d\d/);
      expect(office.email).toMatch(/\.example$/);
    }
  });

  it('has hours on each of the next 30 office-local days, closed on Sundays but in Raleigh', async () => {
    const offices = await db().selectFrom('offices').select(['id', 'time_zone']).execute();
    for (const office of offices) {
      const today = localDateInZone(NOW, office.time_zone);
      const rows = await db()
        .selectFrom('office_hours')
        .selectAll()
        .where('office_id', '=', office.id)
        .where('date', '>=', today)
        .where('date', '<=', addDays(today, 29))
        .orderBy('date')
        .execute();
      expect(rows.map((r) => r.date)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i)));
      for (const row of rows) {
        if (row.day_of_week === 'Closed') {
          expect(row.open_hour).toBeNull();
        } else {
          expect(row.open_hour! < row.close_hour!).toBe(true);
          expect(row.increments).toBeGreaterThanOrEqual(1);
        }
      }
      const openEveryDay = OFFICES.find((o) => o.id === office.id)?.sundayHours !== undefined;
      expect(rows.some((r) => r.day_of_week === 'Closed')).toBe(!openEveryDay);
      expect(rows.some((r) => r.day_of_week === 'Monday')).toBe(true);
    }
  });

  it('has at least 12 directory doctors across the four specialties, and the placeholder doctor 15', async () => {
    const doctors = await db().selectFrom('doctors').selectAll().execute();
    const directory = doctors.filter(
      (d) => !d.is_placeholder && DIRECTORY_SPECIALTIES.some((s) => d.specialty.toLowerCase().includes(s)),
    );
    expect(directory.length).toBeGreaterThanOrEqual(12);
    expect(new Set(directory.map((d) => d.specialty.toLowerCase()))).toEqual(new Set(DIRECTORY_SPECIALTIES));
    expect(directory.some((d) => d.bio === '')).toBe(true);
    expect(doctors.filter((d) => d.specialty === 'ADMIN')).toHaveLength(1);
    expect(doctors.filter((d) => d.specialty === 'FRONT_DESK')).toHaveLength(1);

    const placeholder = doctors.find((d) => d.id === NOT_SURE_DOCTOR_ID);
    expect(placeholder).toMatchObject({
      first_name: 'Not Sure',
      last_name: '',
      office_id: null,
      is_placeholder: true,
    });
    expect(doctors.filter((d) => d.is_placeholder)).toHaveLength(1);
  });

  it('moved the identity sequences past the explicit ids', async () => {
    await rollingBack(async (trx) => {
      const doctor = await trx
        .insertInto('doctors')
        .values({ first_name: 'New', specialty: 'Physical Therapist' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const office = await trx
        .insertInto('offices')
        .values({ name: 'New office', time_zone: 'America/Chicago' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const insurance = await trx
        .insertInto('insurances')
        .values({ name: 'New plan' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(doctor.id).toBeGreaterThan(17);
      expect(office.id).toBeGreaterThan(5);
      expect(insurance.id).toBeGreaterThan(10);
    });
  });

  it('has insurances, procedure codes and diagnosis codes', async () => {
    const insurances = await db().selectFrom('insurances').selectAll().execute();
    expect(insurances.length).toBeGreaterThanOrEqual(8);
    expect(new Set(insurances.map((i) => i.acceptance))).toEqual(new Set(['yes', 'no', 'patient']));
    const codes = await db().selectFrom('procedures').selectAll().execute();
    const procedures = codes.filter((c) => c.difference_code.startsWith('P')).map((c) => c.code);
    const diagnoses = codes.filter((c) => c.difference_code.startsWith('D')).map((c) => c.code);
    expect(procedures.length).toBeGreaterThanOrEqual(12);
    expect(diagnoses.length).toBeGreaterThanOrEqual(12);
    expect(procedures).toEqual(expect.arrayContaining(['97110', '97140', '97161', '97810']));
    expect(diagnoses).toEqual(expect.arrayContaining(['M54.50', 'M25.561', 'S83.511A', 'M54.2']));
  });

  it('has promotions and reward items on sale on the practice’s today', async () => {
    expect((await db().selectFrom('promotions').selectAll().execute()).length).toBeGreaterThanOrEqual(3);
    const today = practiceToday(DEFAULT_PRACTICE_TIME_ZONE, NOW);
    const items = await db()
      .selectFrom('inventory_items')
      .selectAll()
      .where('start_date', '<=', today)
      .where('end_date', '>=', today)
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(5);
  });

  it('builds every points balance from its ledger, with consistent running balances', async () => {
    const banks = await db().selectFrom('points_banks').selectAll().execute();
    expect(banks.length).toBeGreaterThanOrEqual(6);
    for (const bank of banks) {
      const entries = await db()
        .selectFrom('points_ledger')
        .selectAll()
        .where('points_bank_id', '=', bank.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(entries[0]).toMatchObject({ reason: 'welcome', delta: 5, balance_before: 0 });
      expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(bank.total_points);
      for (let i = 1; i < entries.length; i++)
        expect(entries[i]!.balance_before).toBe(entries[i - 1]!.balance_after);
    }
  });

  it('has receipts (one vouched voucher, one pending) tied to the ledger and to voucher visits', async () => {
    const receipts = await db().selectFrom('receipts').selectAll().execute();
    expect(receipts.some((r) => r.vouched)).toBe(true);
    expect(receipts.some((r) => !r.vouched)).toBe(true);
    for (const receipt of receipts) {
      const entry = await db()
        .selectFrom('points_ledger')
        .selectAll()
        .where('receipt_id', '=', receipt.id)
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ delta: -receipt.amount_total, balance_after: receipt.amount_after });
    }
    const vouched = receipts.find((r) => r.vouched)!;
    const visit = await db()
      .selectFrom('appointments')
      .selectAll()
      .where('voucher_receipt_id', '=', vouched.id)
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ status: 'Completed', type_visit: `Voucher-${vouched.id}` });
  });

  it('has past and future appointments whose instants match their office-local date and time', async () => {
    const rows = await db()
      .selectFrom('appointments')
      .innerJoin('offices', 'offices.id', 'appointments.office_id')
      .select([
        'appointments.status',
        'appointments.appointment_date',
        'appointments.appointment_time',
        'appointments.starts_at',
        'appointments.completed_at',
        'offices.time_zone',
      ])
      .execute();
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ['Scheduled', 'Completed', 'Canceled', 'No Show'])
      expect(statuses).toContain(status);
    for (const row of rows) {
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: row.time_zone,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(row.starts_at);
      expect(local).toBe(`${row.appointment_date} ${row.appointment_time.slice(0, 5)}`);
      if (row.status === 'Completed') expect(row.completed_at).not.toBeNull();
      if (row.status === 'Scheduled')
        expect(row.starts_at.getTime()).toBeGreaterThan(NOW.getTime() - 86_400_000);
    }
  });

  it('has visits today for the check-in board (issue 28)', async () => {
    // A Wednesday: the offices open on weekdays have their visits of the day, Raleigh its every-day ones too.
    for (const officeId of [2, 4]) expect((await visitsToday(db(), officeId, NOW)).length).toBeGreaterThan(0);
    const raleigh = await visitsToday(db(), 4, NOW);
    expect(raleigh.length).toBeGreaterThanOrEqual(4);
  });

  it('has ratings on completed visits, one per appointment, and an anonymous one without a patient', async () => {
    const ratings = await db().selectFrom('ratings').selectAll().execute();
    const anonymous = ratings.filter((r) => r.anonymous);
    expect(anonymous.length).toBeGreaterThanOrEqual(1);
    for (const r of anonymous) {
      expect(r).toMatchObject({ appointment_id: null, patient_id: null });
      expect(r.doctor_id).not.toBeNull();
    }
    expect(ratings.some((r) => r.rating === 100 && r.type === 'default')).toBe(true);
    expect(ratings.some((r) => r.rating <= 10 && !r.anonymous)).toBe(true);
    const completed = await db()
      .selectFrom('appointments')
      .select('id')
      .where('status', '=', 'Completed')
      .execute();
    const rated = new Set(ratings.map((r) => r.appointment_id));
    for (const a of completed) expect(rated).toContain(a.id);
  });

  it('writes ratings as the ratings service does (decision 0031): one point per rated visit, nothing tied to an anonymous row', async () => {
    const ratings = await db().selectFrom('ratings').selectAll().execute();
    const ledger = await db()
      .selectFrom('points_ledger')
      .selectAll()
      .where('reason', '=', 'rating_submitted')
      .execute();
    expect(ledger.every((row) => row.rating_id === null && row.appointment_id !== null)).toBe(true);
    const ratedVisits = ratings.filter((r) => r.appointment_id !== null && r.rated_at !== null);
    expect(ledger.map((row) => row.appointment_id).sort()).toEqual(
      ratedVisits.map((r) => r.appointment_id).sort(),
    );
    // A visit rated anonymously keeps its defaults; a named one holds its scores.
    for (const r of ratedVisits) {
      if (r.type === 'default') expect(r).toMatchObject({ rating: 100, office_rating: 100, reason: '' });
      else expect(r.rating).toBeLessThanOrEqual(10);
    }
    for (const r of ratings.filter((row) => row.anonymous)) {
      expect(r.rated_at).toBeNull();
      expect(r.created_at.toISOString()).toBe(`${r.visit_date}T00:00:00.000Z`);
    }
  });

  it('has insurance records, authorizations (active and expired) with diagnosis sets, and preferences', async () => {
    const today = localDateInZone(NOW, 'America/Denver');
    const auths = await db().selectFrom('patient_authorizations').selectAll().execute();
    expect(auths.some((a) => a.active && a.day_start <= today && a.day_end >= today)).toBe(true);
    expect(auths.some((a) => !a.active && a.day_end < today)).toBe(true);
    const combiners = await db().selectFrom('diagnosis_combiners').selectAll().execute();
    expect(combiners.length).toBe(auths.length);
    const codes = await db().selectFrom('diagnosis_combiner_codes').selectAll().execute();
    for (const combiner of combiners) {
      const mine = codes.filter((c) => c.diagnosis_combiner_id === combiner.id);
      expect(mine.some((c) => c.kind === 'D')).toBe(true);
      expect(mine.some((c) => c.kind === 'P')).toBe(true);
    }
    // Completed visits of an insurance type count against their authorization.
    const drawn = await db()
      .selectFrom('appointments')
      .select('id')
      .where('authorization_id', 'is not', null)
      .where('status', '=', 'Completed')
      .execute();
    expect(drawn.length).toBeGreaterThan(0);
    const records = await db().selectFrom('patient_insurances').selectAll().execute();
    expect(records.some((r) => r.active.includes('visit') && r.active.includes('double'))).toBe(true);
    const patients = await db().selectFrom('patients').select('id').execute();
    const permissions = await db().selectFrom('patient_permissions').select('patient_id').execute();
    expect(permissions.map((p) => p.patient_id).sort()).toEqual(patients.map((p) => p.id).sort());
  });

  it('creates the demo accounts with the right roles and links', async () => {
    const users = await db()
      .selectFrom('users')
      .leftJoin('doctors', 'doctors.id', 'users.doctor_id')
      .select([
        'users.username',
        'users.role',
        'users.patient_id',
        'users.password_hash',
        'doctors.specialty',
      ])
      .execute();
    const byName = new Map(users.map((u) => [u.username, u]));
    for (const account of DEMO_ACCOUNTS) expect(byName.get(account.username)?.role).toBe(account.role);
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
    expect(byName.get('admin')?.specialty).toBe('ADMIN');
    expect(byName.get('frontdesk')?.specialty).toBe('FRONT_DESK');
    expect(byName.get('doctor')?.specialty).toBe('Physical Therapist');
    expect(byName.get('manager')?.specialty).toBe('PT Staff');
    const patient = byName.get('patient')!;
    const patient2 = byName.get('patient2')!;
    expect(patient.patient_id).not.toBeNull();
    expect(patient2.patient_id).not.toBeNull();
    expect(patient.patient_id).not.toBe(patient2.patient_id);
    // Every seeded patient can sign in.
    const patients = await db().selectFrom('patients').select('id').execute();
    expect(users.filter((u) => u.role === 'PATIENT')).toHaveLength(patients.length);
    expect(await verifyPassword(patient.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  describe('constraints', () => {
    it('rejects a second live appointment for the same non-placeholder doctor and slot', async () => {
      const taken = await db()
        .selectFrom('appointments')
        .selectAll()
        .where('status', '=', 'Scheduled')
        .where('doctor_exclusive', '=', true)
        .executeTakeFirstOrThrow();
      const { id: _id, created_at: _created, ...copy } = taken;
      // Other patients, so that only the doctor's slot is in question.
      const others = await db()
        .selectFrom('patients')
        .select('id')
        .where('id', '<>', taken.patient_id)
        .orderBy('id')
        .limit(2)
        .execute();
      const [first, second] = others.map((o) => o.id);
      // Nor the taken visit's authorization or voucher, which belong to its own patient.
      const elsewhere = {
        ...copy,
        authorization_id: null,
        voucher_receipt_id: null,
        diagnosis_combiner_id: null,
      };
      await expect(
        db()
          .insertInto('appointments')
          .values({ ...elsewhere, patient_id: first! })
          .execute(),
      ).rejects.toThrow(/appointments_doctor_slot_key/);
      // A canceled one in the same slot is fine, and so is the placeholder doctor twice.
      await rollingBack(async (trx) => {
        await trx
          .insertInto('appointments')
          .values({ ...copy, status: 'Canceled', canceled_at: NOW })
          .execute();
        const placeholder = { ...elsewhere, doctor_id: NOT_SURE_DOCTOR_ID, doctor_exclusive: false };
        await trx
          .insertInto('appointments')
          .values([
            { ...placeholder, patient_id: first! },
            { ...placeholder, patient_id: second! },
          ])
          .execute();
      });
    });

    it('rejects a second live appointment of one patient at one instant, at any doctor or office', async () => {
      const taken = await db()
        .selectFrom('appointments')
        .selectAll()
        .where('status', '=', 'Scheduled')
        .executeTakeFirstOrThrow();
      const { id: _id, created_at: _created, ...copy } = taken;
      await expect(
        db()
          .insertInto('appointments')
          .values({ ...copy, doctor_id: NOT_SURE_DOCTOR_ID, doctor_exclusive: false })
          .execute(),
      ).rejects.toThrow(/appointments_patient_instant_key/);
    });

    it('rejects a negative points balance and an unbalanced ledger entry', async () => {
      const bank = await db().selectFrom('points_banks').selectAll().executeTakeFirstOrThrow();
      await expect(
        db()
          .updateTable('points_banks')
          .set({ total_points: sql<number>`total_points - ${bank.total_points + 1}` })
          .where('id', '=', bank.id)
          .execute(),
      ).rejects.toThrow(/total_points/);
      await expect(
        db()
          .insertInto('points_ledger')
          .values({
            points_bank_id: bank.id,
            delta: 2,
            reason: 'adjustment',
            balance_before: 0,
            balance_after: 3,
          })
          .execute(),
      ).rejects.toThrow(/check constraint/);
      await expect(
        db()
          .insertInto('points_ledger')
          .values({
            points_bank_id: bank.id,
            delta: 5,
            reason: 'welcome',
            balance_before: 0,
            balance_after: 5,
          })
          .execute(),
      ).rejects.toThrow(/points_ledger_welcome_key/);
    });

    it('rejects an invalid role, a patient account without a patient, and a duplicate username', async () => {
      const hash = 'not-a-real-hash';
      await expect(
        db()
          .insertInto('users')
          .values({ username: 'root', password_hash: hash, role: 'ROOT' as 'ADMIN' })
          .execute(),
      ).rejects.toThrow(/check constraint/);
      await expect(
        db()
          .insertInto('users')
          .values({ username: 'lonely', password_hash: hash, role: 'PATIENT' })
          .execute(),
      ).rejects.toThrow(/check constraint/);
      await expect(
        db().insertInto('users').values({ username: 'ADMIN', password_hash: hash, role: 'ADMIN' }).execute(),
      ).rejects.toThrow(/users_username_key/);
    });

    it('rejects a duplicate e-mail in another case, bad office hours and out-of-range ratings', async () => {
      const patient = await db().selectFrom('patients').selectAll().executeTakeFirstOrThrow();
      await expect(
        db()
          .insertInto('patients')
          .values({ first_name: 'Copy', last_name: 'Cat', email: patient.email.toUpperCase() })
          .execute(),
      ).rejects.toThrow(/patients_email_key/);
      await expect(
        db()
          .insertInto('office_hours')
          .values({
            office_id: 1,
            date: '2030-01-07',
            day_of_week: 'Monday',
            open_hour: '18:00',
            close_hour: '08:00',
          })
          .execute(),
      ).rejects.toThrow(/check constraint/);
      await expect(
        db()
          .insertInto('office_hours')
          .values({
            office_id: 1,
            date: '2030-01-07',
            day_of_week: 'Monday',
            open_hour: '08:00',
            close_hour: null,
          })
          .execute(),
      ).rejects.toThrow(/check constraint/);
      await expect(
        db()
          .insertInto('ratings')
          .values({
            appointment_id: null,
            rating: 0,
            office_rating: 5,
            anonymous: true,
            visit_date: '2030-01-07',
          })
          .execute(),
      ).rejects.toThrow(/check constraint/);
    });
  });
});

describe('demo seed for production (no accounts)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { now: new Date('2026-03-08T12:00:00Z'), includeAccounts: false });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('has visits today on a Sunday at Raleigh, open every day (issue 28)', async () => {
    // 2026-03-08 is a Sunday (and the day the clocks change): every other office is closed.
    const sunday = new Date('2026-03-08T12:00:00Z');
    expect((await visitsToday(database.db, 4, sunday)).length).toBeGreaterThanOrEqual(3);
    expect(await visitsToday(database.db, 2, sunday)).toEqual([]);
  });

  it('creates no users at all, but the clinic data', async () => {
    expect(await database.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
    expect((await database.db.selectFrom('offices').selectAll().execute()).length).toBeGreaterThanOrEqual(4);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });
});
