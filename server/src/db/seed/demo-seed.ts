import { drawsOnAuthorization } from '@clinic/contract/authorization-rules';
import type { Role } from '@clinic/contract/roles';
import { type Kysely, sql } from 'kysely';
import { planAuthorizationNotices } from '../../modules/authorizations/authorization-notices';
import { insertAnonymousRating } from '../../modules/ratings/ratings.repository';
import { hashPassword } from '../../platform/auth/passwords';
import { DEFAULT_PRACTICE_TIME_ZONE, practiceToday } from '../../platform/time/practice-date';
import { addDays, localDateInZone, weekdayOf, zonedWallTimeToInstant } from '../../platform/time/zoned-time';
import type { Database } from '../database';
import type { DB, OfficeHoursTable, PointsLedgerReason } from '../schema';
import {
  CONTENTS,
  DIAGNOSIS_CODES,
  DOCTORS,
  INSURANCES,
  INVENTORY_ITEMS,
  OFFICES,
  type OfficeSeed,
  PATIENTS,
  type PatientSeed,
  PROCEDURE_CODES,
  PROMOTIONS,
  STAFF_ACCOUNTS,
  type VisitSeed,
} from './demo-data';

/** The password of every demo account. Demo accounts are never created in production. */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  username: string;
  role: Role;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...STAFF_ACCOUNTS.map(({ username, role, description }) => ({ username, role, description })),
  ...PATIENTS.map((p) => ({
    username: p.username,
    role: 'PATIENT' as const,
    description: `Patient ${p.firstName} ${p.lastName}, ${officeSeed(p.homeOfficeId).name}`,
  })),
];

/** Office hours are seeded from this many days before the office-local today ... */
const HOURS_DAYS_BEFORE = 3;
/** ... to this many days after it. */
const HOURS_DAYS_AFTER = 30;
const SLOT_MINUTES = 30;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** True when nothing has been set up yet: no offices and no accounts. */
export async function isDatabaseEmpty(db: Kysely<DB>): Promise<boolean> {
  const office = await db.selectFrom('offices').select('id').limit(1).executeTakeFirst();
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !office && !user;
}

/**
 * Fills an empty database with the demo clinic network, in one transaction. Dates are relative to `now` in
 * each office's own time zone. Accounts (all with password demo1234) only when includeAccounts is true.
 */
export async function seedDemo(
  db: Database,
  options: { now?: Date; includeAccounts: boolean },
): Promise<void> {
  const now = options.now ?? new Date();
  // argon2 is slow on purpose: hash once, on libuv's thread pool while the rows are written, and share it
  // between the demo accounts.
  const hashing = options.includeAccounts ? hashPassword(DEMO_PASSWORD) : Promise.resolve(null);
  hashing.catch(() => {}); // awaited below; a failure must not surface as an unhandled rejection first
  await db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) throw new Error('The demo seed needs an empty database.');
    await seedOffices(trx, now);
    await seedDoctors(trx);
    await seedClockLogs(trx, now);
    await seedInsurances(trx);
    await seedCodes(trx);
    const items = await seedCatalogue(trx, now);
    const slots = new SlotBook();
    const patientIds = new Map<string, number>();
    for (const patient of PATIENTS) {
      patientIds.set(patient.username, await seedPatient(trx, patient, { now, slots, items }));
    }
    // Balances are derived from the ledger, never written on their own.
    await trx
      .updateTable('points_banks')
      .set({
        total_points: sql<number>`(select coalesce(sum(delta), 0) from points_ledger where points_ledger.points_bank_id = points_banks.id)`,
      })
      .execute();
    const passwordHash = await hashing;
    if (passwordHash) await seedAccounts(trx, passwordHash, patientIds);
  });
}

function officeSeed(id: number): OfficeSeed {
  const office = OFFICES.find((o) => o.id === id);
  if (!office) throw new Error(`Demo data: unknown office ${id}`);
  return office;
}

/** After rows with explicit ids, moves the identity sequence past them so later inserts do not collide. */
async function resetIdentity(trx: Kysely<DB>, table: 'offices' | 'doctors' | 'insurances'): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
    trx,
  );
}

async function seedOffices(trx: Kysely<DB>, now: Date): Promise<void> {
  await trx
    .insertInto('offices')
    .values(
      OFFICES.map((o) => ({
        id: o.id,
        name: o.name,
        address: o.address,
        description: o.description,
        phone_number: o.phoneNumber,
        email: o.email,
        office_key: o.officeKey,
        images: demoPicture(`demo-${o.officeKey.toLowerCase()}`),
        time_zone: o.timeZone,
      })),
    )
    .execute();
  await resetIdentity(trx, 'offices');

  const hours = OFFICES.flatMap((office) => {
    const today = localDateInZone(now, office.timeZone);
    const rows = [];
    for (let day = -HOURS_DAYS_BEFORE; day <= HOURS_DAYS_AFTER; day++) {
      const date = addDays(today, day);
      rows.push({ office_id: office.id, date, increments: office.increments, ...hoursOn(office, date) });
    }
    return rows;
  });
  await trx.insertInto('office_hours').values(hours).execute();
}

function hoursOn(
  office: OfficeSeed,
  date: string,
): Pick<OfficeHoursTable, 'day_of_week' | 'open_hour' | 'close_hour'> {
  const weekday = weekdayOf(date);
  const hours =
    weekday === 'Sunday'
      ? (office.sundayHours ?? null)
      : weekday === 'Saturday'
        ? office.saturdayHours
        : (office.hoursByWeekday?.[weekday] ?? office.weekdayHours);
  if (!hours) return { day_of_week: 'Closed', open_hour: null, close_hour: null };
  return { day_of_week: weekday, open_hour: hours[0], close_hour: hours[1] };
}

/**
 * A demo picture shipped with the web app (web/public/images/<folder>/<name>.webp, made by
 * scripts/make-demo-images.mjs): the image routes serve a stored name from there when no upload has it, so
 * the demo's records use the same picture mechanism as uploads (issue 14).
 */
function demoPicture(name: string): string {
  return `${name}.webp`;
}

async function seedDoctors(trx: Kysely<DB>): Promise<void> {
  await trx
    .insertInto('doctors')
    .values(
      DOCTORS.map((d) => ({
        id: d.id,
        office_id: d.officeId,
        first_name: d.firstName,
        last_name: d.lastName,
        specialty: d.specialty,
        bio: d.bio,
        picture: '',
        rating: 100,
        is_placeholder: d.isPlaceholder ?? false,
      })),
    )
    .execute();
  await resetIdentity(trx, 'doctors');
}

/** Past days of shifts the demo's timesheets show (weekdays only; today is left to the clock). */
const CLOCK_DAYS_BEFORE = 14;

/**
 * Two weeks of worked weekdays for each member of staff with an office: a start between 7:45 and 8:30, a
 * half-hour lunch, an end between 4:30 and 5:15 pm, office-local, varied by person and day so that the
 * timesheets read like a real office's.
 */
async function seedClockLogs(trx: Kysely<DB>, now: Date): Promise<void> {
  const shifts: {
    doctor_id: number;
    work_date: string;
    clock_in: Date;
    clock_out: Date;
    total_worked_minutes: number;
  }[] = [];
  const lunches: { start: Date; end: Date }[] = [];
  for (const person of DOCTORS) {
    if (person.isPlaceholder || person.officeId === null) continue;
    const zone = officeSeed(person.officeId).timeZone;
    const today = localDateInZone(now, zone);
    for (let back = CLOCK_DAYS_BEFORE; back >= 1; back--) {
      const date = addDays(today, -back);
      const weekday = weekdayOf(date);
      if (weekday === 'Saturday' || weekday === 'Sunday') continue;
      const vary = (person.id * 7 + back * 3) % 4; // 0-3: a steady but uneven pattern
      const clockIn = zonedWallTimeToInstant(date, fromMinutes(7 * 60 + 45 + vary * 15), zone);
      const clockOut = zonedWallTimeToInstant(
        date,
        fromMinutes(16 * 60 + 30 + ((vary + person.id) % 4) * 15),
        zone,
      );
      shifts.push({
        doctor_id: person.id,
        work_date: date,
        clock_in: clockIn,
        clock_out: clockOut,
        total_worked_minutes: Math.floor((clockOut.getTime() - clockIn.getTime()) / MINUTE_MS) - 30,
      });
      lunches.push({
        start: zonedWallTimeToInstant(date, '12:00', zone),
        end: zonedWallTimeToInstant(date, '12:30', zone),
      });
    }
  }
  if (shifts.length === 0) return;
  const ids = await trx.insertInto('clock_logs').values(shifts).returning('id').execute();
  await trx
    .insertInto('clock_breaks')
    .values(
      ids.map((row, i) => ({
        clock_log_id: row.id,
        break_start: lunches[i]!.start,
        break_end: lunches[i]!.end,
      })),
    )
    .execute();
}

async function seedInsurances(trx: Kysely<DB>): Promise<void> {
  await trx
    .insertInto('insurances')
    .values(
      INSURANCES.map((i) => ({
        id: i.id,
        name: i.name,
        days: i.days,
        authorization_requirement: i.authorization,
        ins_code: i.insCode,
        address: i.address,
        acceptance: i.acceptance,
        coverage_name: i.coverageName,
        picture: demoPicture(`demo-${i.insCode.toLowerCase()}`),
      })),
    )
    .execute();
  await resetIdentity(trx, 'insurances');
}

async function seedCodes(trx: Kysely<DB>): Promise<void> {
  await trx
    .insertInto('procedures')
    .values([
      ...PROCEDURE_CODES.map(([code, description]) => ({ code, description, difference_code: 'P' })),
      ...DIAGNOSIS_CODES.map(([code, description]) => ({ code, description, difference_code: 'D' })),
    ])
    .execute();
}

interface RewardItem {
  id: number;
  title: string;
  price: number;
}

/** Promotions, reward items and content pages; returns the reward items by title. */
async function seedCatalogue(trx: Kysely<DB>, now: Date): Promise<Map<string, RewardItem>> {
  await trx
    .insertInto('promotions')
    .values(
      PROMOTIONS.map((p) => ({
        title: p.title,
        description: p.description,
        picture: demoPicture(p.picture),
        status: p.status,
      })),
    )
    .execute();

  // Reward dates are on the practice's calendar (platform/time/practice-date.ts), as the shop reads them.
  const today = practiceToday(DEFAULT_PRACTICE_TIME_ZONE, now);
  const items = await trx
    .insertInto('inventory_items')
    .values(
      INVENTORY_ITEMS.map((i) => ({
        title: i.title,
        description: i.description,
        price: i.price,
        picture: demoPicture(i.picture),
        start_date: addDays(today, i.startDay),
        end_date: addDays(today, i.endDay),
      })),
    )
    .returning(['id', 'title', 'price'])
    .execute();

  await trx
    .insertInto('contents')
    .values(
      CONTENTS.map((c) => ({
        title: c.title,
        content_html: c.html,
        font_size: c.fontSize,
        category: c.category,
        extra_data: c.extraData,
        images: '',
        is_markdown: false,
      })),
    )
    .execute();

  return new Map(items.map((i) => [i.title, i]));
}

/**
 * Hands out half-hour slots so that the demo respects the booking rules: a doctor (other than the
 * placeholder) has one live appointment per slot, and an office slot holds at most `increments` of them.
 */
class SlotBook {
  private readonly doctorSlots = new Set<string>();
  private readonly officeSlots = new Map<string, number>();

  take(office: OfficeSeed, doctorId: number, exclusive: boolean, date: string, time: string): string {
    let minutes = toMinutes(time);
    for (;;) {
      const slot = `${date} ${fromMinutes(minutes)}`;
      const doctorKey = `${doctorId} ${slot}`;
      const officeKey = `${office.id} ${slot}`;
      const officeCount = this.officeSlots.get(officeKey) ?? 0;
      if (!(exclusive && this.doctorSlots.has(doctorKey)) && officeCount < office.increments) {
        if (exclusive) this.doctorSlots.add(doctorKey);
        this.officeSlots.set(officeKey, officeCount + 1);
        return fromMinutes(minutes);
      }
      minutes += SLOT_MINUTES;
    }
  }
}

function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function fromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Moves a date off the weekend, away from today; a weekend today has no visits (null). */
function weekdayAway(today: string, day: number): string | null {
  let date = addDays(today, day);
  while (['Saturday', 'Sunday'].includes(weekdayOf(date))) {
    if (day === 0) return null;
    date = addDays(date, day < 0 ? -1 : 1);
  }
  return date;
}

interface PlannedVisit {
  seed: VisitSeed;
  officeId: number;
  doctorId: number;
  exclusive: boolean;
  date: string;
  time: string;
  startsAt: Date;
  completedAt: Date | null;
  ratedAt: Date | null;
}

type LedgerCause =
  | { kind: 'welcome' }
  | { kind: 'completed'; visit: PlannedVisit }
  | { kind: 'rated'; visit: PlannedVisit }
  | { kind: 'purchase'; key: string };

interface LedgerEvent {
  at: Date;
  delta: number;
  reason: PointsLedgerReason;
  cause: LedgerCause;
  before: number;
  after: number;
}

interface SeedContext {
  now: Date;
  slots: SlotBook;
  items: Map<string, RewardItem>;
}

async function seedPatient(trx: Kysely<DB>, seed: PatientSeed, context: SeedContext): Promise<number> {
  const { now, slots, items } = context;
  const home = officeSeed(seed.homeOfficeId);
  const homeToday = localDateInZone(now, home.timeZone);
  const joinedAt = new Date(now.getTime() - seed.joinedDaysAgo * DAY_MS);

  const patient = await trx
    .insertInto('patients')
    .values({
      first_name: seed.firstName,
      last_name: seed.lastName,
      email: seed.email,
      date_of_birth: seed.dateOfBirth,
      phone_number: seed.phoneNumber,
      sex: seed.sex,
      notes: seed.notes,
      visits: seed.visits.filter((v) => v.status === 'Completed').length,
      nf_wc: seed.nfWc,
      created_at: joinedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patientId = patient.id;

  const p = seed.permissions;
  await trx
    .insertInto('patient_permissions')
    .values({
      patient_id: patientId,
      allow_promotion_text: p.promotionText,
      allow_promotion_email: p.promotionEmail,
      allow_appointment_reminder_text: p.appointmentReminderText,
      allow_appointment_reminder_email: p.appointmentReminderEmail,
      allow_authorization_reminder_text: p.authorizationReminderText,
      allow_authorization_reminder_email: p.authorizationReminderEmail,
    })
    .execute();

  const bank = await trx
    .insertInto('points_banks')
    .values({ patient_id: patientId, total_points: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();

  const insurance = await trx
    .insertInto('patient_insurances')
    .values({
      patient_id: patientId,
      insurance_id: seed.insurance.insuranceId,
      subscriber: seed.insurance.subscriber,
      active: seed.insurance.active,
      co_pay: seed.insurance.coPay,
      notes: seed.insurance.notes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const combinerIds: number[] = [];
  const authorizationIds: number[] = [];
  for (const auth of seed.authorizations) {
    const authorization = await trx
      .insertInto('patient_authorizations')
      .values({
        patient_id: patientId,
        patient_insurance_id: insurance.id,
        referred_by: auth.referredBy,
        auth_code: auth.authCode,
        day_start: addDays(homeToday, auth.startDay),
        day_end: addDays(homeToday, auth.endDay),
        visits: auth.visits,
        weekly_visit_limit: auth.weeklyVisitLimit,
        active: auth.active,
        // Entered when it started, or when the patient joined if that was later.
        created_at: new Date(
          Math.min(now.getTime(), Math.max(joinedAt.getTime(), now.getTime() + auth.startDay * DAY_MS)),
        ),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const combiner = await trx
      .insertInto('diagnosis_combiners')
      .values({ authorization_id: authorization.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertCombinerCodes(trx, combiner.id, 'D', auth.diagnoses);
    await insertCombinerCodes(trx, combiner.id, 'P', auth.procedures);
    combinerIds.push(combiner.id);
    authorizationIds.push(authorization.id);
  }

  const visits = planVisits(seed, now, slots);
  const purchases = seed.purchases.map((purchase) => {
    const item = items.get(purchase.item);
    if (!item) throw new Error(`Demo data: unknown reward ${purchase.item}`);
    const date = addDays(homeToday, purchase.day);
    return { ...purchase, item, date, at: zonedWallTimeToInstant(date, '12:00', home.timeZone) };
  });
  const ledger = buildLedger(joinedAt, visits, purchases);

  const receiptIds = new Map<string, number>();
  for (const purchase of purchases) {
    const event = ledger.find((e) => e.cause.kind === 'purchase' && e.cause.key === purchase.key)!;
    const used = visits.some(
      (v) =>
        v.seed.status === 'Completed' &&
        typeof v.seed.typeVisit === 'object' &&
        v.seed.typeVisit.voucher === purchase.key,
    );
    const receipt = await trx
      .insertInto('receipts')
      .values({
        points_bank_id: bank.id,
        inventory_item_id: purchase.item.id,
        name: purchase.item.title,
        vouched: used,
        amount_total: purchase.item.price,
        amount_before: event.before,
        amount_after: event.after,
        date: purchase.date,
        created_at: purchase.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    receiptIds.set(purchase.key, receipt.id);
  }

  const appointmentIds = new Map<PlannedVisit, number>();
  for (const visit of visits) {
    const { seed: v, startsAt } = visit;
    const voucherId = typeof v.typeVisit === 'object' ? receiptIds.get(v.typeVisit.voucher) : undefined;
    if (typeof v.typeVisit === 'object' && voucherId === undefined) {
      throw new Error(`Demo data: unknown voucher ${v.typeVisit.voucher}`);
    }
    const bookedAt = Math.max(
      joinedAt.getTime(),
      Math.min(startsAt.getTime() - 7 * DAY_MS, now.getTime() - 2 * HOUR_MS),
    );
    const appointment = await trx
      .insertInto('appointments')
      .values({
        office_id: visit.officeId,
        doctor_id: visit.doctorId,
        diagnosis_combiner_id: v.authorization === undefined ? null : (combinerIds[v.authorization] ?? null),
        // A visit of an insurance type draws on its authorization (visit burn-down).
        authorization_id:
          v.authorization === undefined ||
          typeof v.typeVisit !== 'string' ||
          !drawsOnAuthorization(v.typeVisit)
            ? null
            : (authorizationIds[v.authorization] ?? null),
        patient_id: patientId,
        appointment_date: visit.date,
        appointment_time: visit.time,
        starts_at: startsAt,
        notes: v.notes ?? '',
        type_visit: voucherId === undefined ? (v.typeVisit as string) : `Voucher-${voucherId}`,
        voucher_receipt_id: voucherId ?? null,
        status: v.status,
        walked_in_at: v.status === 'Completed' ? shift(startsAt, -10 * MINUTE_MS) : null,
        in_room_at: v.status === 'Completed' ? shift(startsAt, 5 * MINUTE_MS) : null,
        completed_at: visit.completedAt,
        canceled_at: v.status === 'Canceled' ? shift(startsAt, -2 * DAY_MS) : null,
        no_show_at: v.status === 'No Show' ? shift(startsAt, 20 * MINUTE_MS) : null,
        doctor_exclusive: visit.exclusive,
        created_at: new Date(bookedAt),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    appointmentIds.set(visit, appointment.id);

    if (!visit.completedAt) continue;
    const submitted = v.rating;
    const named = submitted && !submitted.anonymous;
    // Completing a visit writes the default rating; a named patient rating then replaces its values.
    await trx
      .insertInto('ratings')
      .values({
        appointment_id: appointment.id,
        patient_id: patientId,
        doctor_id: visit.doctorId,
        office_id: visit.officeId,
        rating: named ? submitted.rating : 100,
        office_rating: named ? submitted.officeRating : 100,
        reason: named ? submitted.reason : '',
        extra_notes: named ? submitted.extraNotes : '',
        anonymous: false,
        type: named ? 'patient' : 'default',
        // Rated by name or anonymously, the visit counts as rated: it cannot be rated again.
        rated_at: submitted ? visit.ratedAt! : null,
        visit_date: visit.date,
        created_at: named ? visit.ratedAt! : visit.completedAt,
      })
      .execute();
    if (submitted?.anonymous) {
      // An anonymous rating carries neither the appointment nor the patient (decision 0031).
      await insertAnonymousRating(
        trx,
        { doctorId: visit.doctorId, officeId: visit.officeId, date: visit.date },
        submitted,
      );
    }
  }

  // The authorization notices the app would have planned along the way (issue 16): few visits left, the end.
  for (const authorizationId of authorizationIds) {
    await planAuthorizationNotices(trx, authorizationId, {
      now,
      fallbackTimeZone: DEFAULT_PRACTICE_TIME_ZONE,
    });
  }

  await trx
    .insertInto('points_ledger')
    .values(
      ledger.map((event) => ({
        points_bank_id: bank.id,
        delta: event.delta,
        reason: event.reason,
        balance_before: event.before,
        balance_after: event.after,
        // A rating's point is linked to its visit, never to the rating row (an anonymous one stays unlinked).
        appointment_id:
          event.cause.kind === 'completed' || event.cause.kind === 'rated'
            ? appointmentIds.get(event.cause.visit)!
            : null,
        rating_id: null,
        receipt_id: event.cause.kind === 'purchase' ? receiptIds.get(event.cause.key)! : null,
        created_at: event.at,
      })),
    )
    .execute();

  return patientId;
}

function shift(instant: Date, ms: number): Date {
  return new Date(instant.getTime() + ms);
}

/** Places each visit on an office-local weekday and a free slot, and times its status changes. */
function planVisits(seed: PatientSeed, now: Date, slots: SlotBook): PlannedVisit[] {
  const planned: PlannedVisit[] = [];
  for (const v of seed.visits) {
    const doctor = DOCTORS.find((d) => d.id === v.doctorId);
    const officeId = v.officeId ?? doctor?.officeId;
    if (!doctor || officeId == null)
      throw new Error(`Demo data: visit with doctor ${v.doctorId} has no office`);
    const office = officeSeed(officeId);
    const today = localDateInZone(now, office.timeZone);
    const date = v.everyDay ? addDays(today, v.day) : weekdayAway(today, v.day);
    if (!date) continue;
    const exclusive = !doctor.isPlaceholder;
    const live = v.status !== 'Canceled' && v.status !== 'No Show';
    const time = live ? slots.take(office, doctor.id, exclusive, date, v.time) : v.time;
    const startsAt = zonedWallTimeToInstant(date, time, office.timeZone);
    if (v.status !== 'Scheduled' && startsAt >= now)
      throw new Error('Demo data: a past visit lies in the future');
    const completedAt = v.status === 'Completed' ? shift(startsAt, 55 * MINUTE_MS) : null;
    const ratedAt = completedAt && v.rating ? shift(completedAt, 3 * HOUR_MS) : null;
    planned.push({
      seed: v,
      officeId,
      doctorId: doctor.id,
      exclusive,
      date,
      time,
      startsAt,
      completedAt,
      ratedAt,
    });
  }
  return planned;
}

/** The patient's points history in time order, with running balances; it never goes below zero. */
function buildLedger(
  joinedAt: Date,
  visits: PlannedVisit[],
  purchases: { key: string; item: RewardItem; at: Date }[],
): LedgerEvent[] {
  const events: Omit<LedgerEvent, 'before' | 'after'>[] = [
    { at: joinedAt, delta: 5, reason: 'welcome', cause: { kind: 'welcome' } },
  ];
  for (const visit of visits) {
    if (visit.completedAt) {
      events.push({
        at: visit.completedAt,
        delta: 1,
        reason: 'appointment_completed',
        cause: { kind: 'completed', visit },
      });
    }
    if (visit.ratedAt) {
      events.push({
        at: visit.ratedAt,
        delta: 1,
        reason: 'rating_submitted',
        cause: { kind: 'rated', visit },
      });
    }
  }
  for (const purchase of purchases) {
    events.push({
      at: purchase.at,
      delta: -purchase.item.price,
      reason: 'purchase',
      cause: { kind: 'purchase', key: purchase.key },
    });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  let balance = 0;
  return events.map((event) => {
    const before = balance;
    balance += event.delta;
    if (balance < 0) throw new Error('Demo data: a purchase spends more points than the patient has');
    return { ...event, before, after: balance };
  });
}

async function seedAccounts(
  trx: Kysely<DB>,
  passwordHash: string,
  patientIds: Map<string, number>,
): Promise<void> {
  await trx
    .insertInto('users')
    .values([
      ...STAFF_ACCOUNTS.map((a) => ({
        username: a.username,
        password_hash: passwordHash,
        role: a.role,
        patient_id: null,
        doctor_id: a.doctorId,
      })),
      ...PATIENTS.map((p) => ({
        username: p.username,
        password_hash: passwordHash,
        role: 'PATIENT' as const,
        patient_id: patientIds.get(p.username)!,
        doctor_id: null,
      })),
    ])
    .execute();
}

/** A combiner's diagnosis (D) or procedure (P) set, one row per code in entry order. */
async function insertCombinerCodes(
  trx: Kysely<DB>,
  combinerId: number,
  kind: 'P' | 'D',
  codes: readonly string[],
): Promise<void> {
  if (codes.length === 0) return;
  const rows = await trx
    .selectFrom('procedures')
    .select(['id', 'code'])
    .where('code', 'in', [...codes])
    .where('kind', '=', kind)
    .execute();
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  await trx
    .insertInto('diagnosis_combiner_codes')
    .values(
      codes.map((code, position) => {
        const procedureId = idOf.get(code);
        if (procedureId === undefined) throw new Error(`Demo data: unknown ${kind} code ${code}`);
        return { diagnosis_combiner_id: combinerId, kind, position, procedure_id: procedureId };
      }),
    )
    .execute();
}
