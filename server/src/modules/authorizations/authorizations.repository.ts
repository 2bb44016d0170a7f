import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Live visits (booked, not yet completed) and completed ones, for the burn-down counts. */
const LIVE_STATUSES = ['Scheduled', 'Walked In', 'In Room'] as const;

export function createAuthorizationsRepository(db: Database) {
  /** Authorizations with their insurance's name and visit burn-down counts. */
  const withBurnDown = () =>
    db
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
        eb
          .selectFrom('appointments as ap')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('ap.authorization_id', '=', 'a.id')
          .where('ap.status', '=', 'Completed')
          .as('visits_used'),
        eb
          .selectFrom('appointments as ap')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('ap.authorization_id', '=', 'a.id')
          .where('ap.status', 'in', LIVE_STATUSES)
          .as('visits_scheduled'),
      ]);

  return {
    /** The most recent authorization: latest start, then latest entered. */
    latestForPatient(patientId: number) {
      return withBurnDown()
        .where('a.patient_id', '=', patientId)
        .orderBy('a.day_start', 'desc')
        .orderBy('a.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type AuthorizationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createAuthorizationsRepository>['latestForPatient']>>
>;
