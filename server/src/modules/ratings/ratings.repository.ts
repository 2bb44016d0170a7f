import type { RatingFilterQuery } from '@clinic/contract/ratings';
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { DateIdKey } from '../../platform/key-paging';

type RatingsDb = Kysely<DB>;
type WithRatings = DB & { r: DB['ratings'] };

/** 'First Last' of a person row, trimmed; null when the row is missing (left join). */
const fullName = (table: 'd' | 'p') =>
  sql<
    string | null
  >`nullif(btrim(${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}), '')`;

/**
 * The patients' ratings the dashboard filters (type 'patient' only, the partial indexes' predicate):
 * by doctor, by office and by visit date, both ends included.
 */
function filterOf(eb: ExpressionBuilder<WithRatings, 'r'>, filter: RatingFilterQuery) {
  const conditions = [eb('r.type', '=', 'patient')];
  if (filter.doctorId !== undefined) conditions.push(eb('r.doctor_id', '=', filter.doctorId));
  if (filter.officeId !== undefined) conditions.push(eb('r.office_id', '=', filter.officeId));
  if (filter.from !== undefined) conditions.push(eb('r.visit_date', '>=', filter.from));
  if (filter.to !== undefined) conditions.push(eb('r.visit_date', '<=', filter.to));
  return eb.and(conditions);
}

/** Rows after `after` in the order visit date desc, id desc (a row comparison the indexes serve). */
const below = (after: DateIdKey): RawBuilder<boolean> =>
  sql<boolean>`(r.visit_date, r.id) < (${after.date}::date, ${after.id}::integer)`;

export type RatingRow = Awaited<ReturnType<ReturnType<typeof createRatingsRepository>['findById']>> & {};

export interface RatingScores {
  rating: number;
  officeRating: number;
  reason: string;
  extraNotes: string;
}

/** Which scores a standing averages: a doctor's own rating, or the office rating. */
export type StandingKind = 'doctor' | 'office';

export interface StandingRow {
  id: number;
  name: string;
  average: number;
  count: number;
}

export interface StandingMonthRow {
  id: number;
  month: string;
  average: number;
  count: number;
}

export function createRatingsRepository(db: Database) {
  const base = (trx: RatingsDb = db) =>
    trx
      .selectFrom('ratings as r')
      .leftJoin('doctors as d', 'd.id', 'r.doctor_id')
      .leftJoin('offices as o', 'o.id', 'r.office_id')
      .leftJoin('patients as p', 'p.id', 'r.patient_id')
      .select([
        'r.id',
        'r.appointment_id',
        'r.patient_id',
        'r.doctor_id',
        'r.office_id',
        'r.rating',
        'r.office_rating',
        'r.reason',
        'r.extra_notes',
        'r.anonymous',
        'r.type',
        'r.rated_at',
        'r.visit_date',
        fullName('d').as('doctor_name'),
        'o.name as office_name',
        fullName('p').as('patient_name'),
      ]);

  const filteredPage = (filter: RatingFilterQuery, after: DateIdKey | undefined, take: number) => {
    let query = base()
      .where((eb) => filterOf(eb, filter))
      .orderBy('r.visit_date', 'desc')
      .orderBy('r.id', 'desc')
      .limit(take);
    if (after !== undefined) query = query.where(below(after));
    return query.execute();
  };

  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findById(id: number, trx: RatingsDb = db) {
      return base(trx).where('r.id', '=', id).executeTakeFirst();
    },

    findByAppointment(appointmentId: number) {
      return base().where('r.appointment_id', '=', appointmentId).executeTakeFirst();
    },

    /** The rating rows of a patient's visits, newest visit first (the rows link their appointment). */
    listOfPatient(patientId: number, take: number) {
      return base()
        .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
        .where('a.patient_id', '=', patientId)
        .orderBy('r.visit_date', 'desc')
        .orderBy('r.id', 'desc')
        .limit(take)
        .execute();
    },

    /** One page of the filtered patients' ratings after the `after` key. */
    listPage: filteredPage,

    /** How many patients' ratings match; without a filter, the count the database keeps (ratings_total). */
    async countFiltered(filter: RatingFilterQuery): Promise<number> {
      const { doctorId, officeId, from, to } = filter;
      if (doctorId === undefined && officeId === undefined && from === undefined && to === undefined) {
        const kept = await db.selectFrom('ratings_total').select('n').executeTakeFirstOrThrow();
        return Number(kept.n);
      }
      const row = await db
        .selectFrom('ratings as r')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => filterOf(eb, filter))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The appointment a rating is for, locked: two ratings of one visit queue here. */
    lockAppointment(trx: Transaction<DB>, appointmentId: number) {
      return trx
        .selectFrom('appointments')
        .select(['id', 'patient_id', 'doctor_id', 'office_id', 'appointment_date', 'status'])
        .where('id', '=', appointmentId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The appointment's own rating row (the default one completion writes), locked. */
    lockRatingOfAppointment(trx: Transaction<DB>, appointmentId: number) {
      return trx
        .selectFrom('ratings')
        .select(['id', 'type', 'rated_at'])
        .where('appointment_id', '=', appointmentId)
        .forUpdate()
        .executeTakeFirst();
    },

    appointmentOfRating(ratingId: number): Promise<number | null | undefined> {
      return db
        .selectFrom('ratings')
        .select('appointment_id')
        .where('id', '=', ratingId)
        .executeTakeFirst()
        .then((row) => row?.appointment_id);
    },

    /** A named rating: the scores go into the appointment's row, which becomes the patient's. */
    async writeNamed(trx: Transaction<DB>, id: number, scores: RatingScores, at: Date): Promise<void> {
      await trx
        .updateTable('ratings')
        .set({
          rating: scores.rating,
          office_rating: scores.officeRating,
          reason: scores.reason,
          extra_notes: scores.extraNotes,
          type: 'patient',
          rated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    /** An anonymous rating only marks the appointment's row rated; its scores live in a row of their own. */
    async markRated(trx: Transaction<DB>, id: number, at: Date): Promise<void> {
      await trx.updateTable('ratings').set({ rated_at: at }).where('id', '=', id).execute();
    },

    insertAnonymous: insertAnonymousRating,

    /**
     * Per doctor (their rating) or per office (the office rating): average to one decimal and count over the
     * filtered rows, lowest average first. Aggregated in the database.
     */
    async standings(kind: StandingKind, filter: RatingFilterQuery, take: number): Promise<StandingRow[]> {
      const { key, score } = columnsOf(kind);
      const name = kind === 'doctor' ? fullName('d') : sql<string>`o.name`;
      const rows = await db
        .selectFrom('ratings as r')
        .leftJoin('doctors as d', 'd.id', 'r.doctor_id')
        .leftJoin('offices as o', 'o.id', 'r.office_id')
        .select([
          sql<number>`${key}`.as('id'),
          sql<string>`coalesce(${name}, '')`.as('name'),
          sql<number>`round(avg(${score}), 1)`.as('average'),
          sql<number>`count(*)::integer`.as('count'),
        ])
        .where((eb) => filterOf(eb, filter))
        .where(sql<boolean>`${key} is not null`)
        .groupBy([key, sql`${name}`])
        .orderBy(sql`round(avg(${score}), 1)`)
        .orderBy(key)
        .limit(take)
        .execute();
      return rows.map((row) => ({ ...row, average: Number(row.average), count: Number(row.count) }));
    },

    /** The monthly averages (yyyy-mm) of the given doctors or offices over the filtered rows in [from, to]. */
    async standingMonths(
      kind: StandingKind,
      filter: RatingFilterQuery,
      ids: number[],
      window: { from: string; to: string },
    ): Promise<StandingMonthRow[]> {
      if (ids.length === 0) return [];
      const { key, score } = columnsOf(kind);
      const month = sql<string>`to_char(r.visit_date, 'YYYY-MM')`;
      const rows = await db
        .selectFrom('ratings as r')
        .select([
          sql<number>`${key}`.as('id'),
          month.as('month'),
          sql<number>`round(avg(${score}), 1)`.as('average'),
          sql<number>`count(*)::integer`.as('count'),
        ])
        .where((eb) => filterOf(eb, filter))
        .where('r.visit_date', '>=', window.from)
        .where('r.visit_date', '<=', window.to)
        .where(sql<boolean>`${key} in (${sql.join(ids)})`)
        .groupBy([key, month])
        .orderBy(key)
        .orderBy(month)
        .execute();
      return rows.map((row) => ({ ...row, average: Number(row.average), count: Number(row.count) }));
    },
  };
}

function columnsOf(kind: StandingKind) {
  return kind === 'doctor'
    ? { key: sql.ref('r.doctor_id'), score: sql.ref('r.rating') }
    : { key: sql.ref('r.office_id'), score: sql.ref('r.office_rating') };
}

/**
 * An anonymous rating's row: no appointment, no patient, only whom it rates and the visit's date. It keeps
 * no moment of rating (created_at is the visit's date, midnight UTC; rated_at stays null), so it cannot be
 * matched by time against the appointment row's rated_at, the points ledger or the audit log. The one way
 * such a row is written (the ratings service and the demo seed).
 */
export async function insertAnonymousRating(
  db: Kysely<DB>,
  visit: { doctorId: number; officeId: number; date: string },
  scores: RatingScores,
): Promise<void> {
  await db
    .insertInto('ratings')
    .values({
      appointment_id: null,
      patient_id: null,
      doctor_id: visit.doctorId,
      office_id: visit.officeId,
      rating: scores.rating,
      office_rating: scores.officeRating,
      reason: scores.reason,
      extra_notes: scores.extraNotes,
      anonymous: true,
      type: 'patient',
      rated_at: null,
      visit_date: visit.date,
      created_at: sql<Date>`(${visit.date}::date)::timestamp at time zone 'UTC'`,
    })
    .execute();
}
