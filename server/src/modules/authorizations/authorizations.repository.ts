import { PATIENT_AUTHORIZATIONS_MAX } from '@clinic/contract/authorizations';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

/** Completed visits that drew on the authorization `a`, and live ones booked on it (the burn-down). */
const visitsUsed = sql<number>`(select count(*)::int from appointments ap
  where ap.authorization_id = a.id and ap.status = 'Completed')`;
const visitsScheduled = sql<number>`(select count(*)::int from appointments ap
  where ap.authorization_id = a.id and ap.status in ('Scheduled', 'Walked In', 'In Room'))`;

/** The most authorizations one patient's list answers (a patient has a handful; the bound keeps it so). */

/** The stored fields of an authorization, as written. */
export interface AuthorizationValues {
  patient_id: number;
  patient_insurance_id: number | null;
  referred_by: string;
  auth_code: string;
  day_start: string;
  day_end: string;
  visits: number | null;
  weekly_visit_limit: number | null;
  active: boolean;
}

export function createAuthorizationsRepository(db: Database) {
  /** Authorizations with their insurance's name and visit burn-down counts. */
  const withBurnDown = (from: Kysely<DB> = db) =>
    from
      .selectFrom('patient_authorizations as a')
      .leftJoin('patient_insurances as pi', 'pi.id', 'a.patient_insurance_id')
      .leftJoin('insurances as i', 'i.id', 'pi.insurance_id')
      .select((eb) => [
        'a.id',
        'a.patient_id',
        'a.patient_insurance_id',
        'a.referred_by',
        'a.auth_code',
        'a.day_start',
        'a.day_end',
        'a.visits',
        'a.weekly_visit_limit',
        'a.active',
        eb.fn.coalesce('i.name', sql<string>`''`).as('insurance_name'),
        visitsUsed.as('visits_used'),
        visitsScheduled.as('visits_scheduled'),
      ]);

  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The most recent authorization: latest start, then latest entered. */
    latestForPatient(patientId: number) {
      return withBurnDown()
        .where('a.patient_id', '=', patientId)
        .orderBy('a.day_start', 'desc')
        .orderBy('a.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    listByPatient(patientId: number) {
      return withBurnDown()
        .where('a.patient_id', '=', patientId)
        .orderBy('a.day_start', 'desc')
        .orderBy('a.id', 'desc')
        .limit(PATIENT_AUTHORIZATIONS_MAX)
        .execute();
    },

    findById(id: number, from: Kysely<DB> = db) {
      return withBurnDown(from).where('a.id', '=', id).executeTakeFirst();
    },

    /** The authorization row, locked until the transaction ends (edits take turns with bookings on it). */
    lock(trx: Transaction<DB>, id: number) {
      return trx
        .selectFrom('patient_authorizations')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async patientExists(trx: Transaction<DB>, patientId: number): Promise<boolean> {
      return (
        (await trx.selectFrom('patients').select('id').where('id', '=', patientId).executeTakeFirst()) !==
        undefined
      );
    },

    /** The patient an insurance record belongs to, or undefined when there is no such record. */
    async insuranceRecordPatient(trx: Transaction<DB>, id: number): Promise<number | undefined> {
      const row = await trx
        .selectFrom('patient_insurances')
        .select('patient_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.patient_id;
    },

    async insert(trx: Transaction<DB>, values: AuthorizationValues): Promise<number> {
      const row = await trx
        .insertInto('patient_authorizations')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(trx: Transaction<DB>, id: number, values: Partial<AuthorizationValues>): Promise<void> {
      await trx.updateTable('patient_authorizations').set(values).where('id', '=', id).execute();
    },

    /** Deletes it (its diagnosis sets go with it; its visits are unlinked); the patient id, if it existed. */
    async remove(trx: Transaction<DB>, id: number): Promise<number | undefined> {
      const row = await trx
        .deleteFrom('patient_authorizations')
        .where('id', '=', id)
        .returning('patient_id')
        .executeTakeFirst();
      return row?.patient_id;
    },

    /**
     * The office that writes to a patient about their authorizations: that of their latest-starting visit
     * (its time zone and front desk), if they have any. Served by the (patient_id, starts_at, id) index.
     */
    noticeOffice(patientId: number) {
      return db
        .selectFrom('appointments as ap')
        .innerJoin('offices as o', 'o.id', 'ap.office_id')
        .select(['o.name', 'o.email', 'o.phone_number', 'o.time_zone'])
        .where('ap.patient_id', '=', patientId)
        .orderBy('ap.starts_at', 'desc')
        .orderBy('ap.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async patientName(patientId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('patients')
        .select(['first_name', 'last_name'])
        .where('id', '=', patientId)
        .executeTakeFirst();
      return row ? `${row.first_name} ${row.last_name}`.trim() : undefined;
    },

    /**
     * The worklist: active authorizations not ended by `today` that end by `until` or have `maxLeft` or
     * fewer visits left; soonest end first. Walks the (day_end, id) index of active authorizations and
     * stops at `limit`.
     */
    worklist(filter: { today: string; until: string; maxLeft: number; limit: number }) {
      return withBurnDown()
        .innerJoin('patients as p', 'p.id', 'a.patient_id')
        .select(['p.first_name', 'p.last_name'])
        .where('a.active', '=', true)
        .where('a.day_end', '>=', filter.today)
        .where((eb) =>
          eb.or([
            eb('a.day_end', '<=', filter.until),
            eb.and([
              eb('a.visits', 'is not', null),
              eb(sql<number>`a.visits - ${visitsUsed} - ${visitsScheduled}`, '<=', filter.maxLeft),
            ]),
          ]),
        )
        .orderBy('a.day_end')
        .orderBy('a.id')
        .limit(filter.limit)
        .execute();
    },
  };
}

export type AuthorizationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createAuthorizationsRepository>['latestForPatient']>>
>;
