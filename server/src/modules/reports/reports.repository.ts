import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Providers one report lists at most (an office has tens). */
export const REPORT_PROVIDERS_MAX = 1000;

const counts = sql<number>`count(*)::int`;
const countOf = (status: string) => sql<number>`(count(*) filter (where a.status = ${status}))::int`;

/**
 * The daily report's sums, each one aggregate over the office-day index (appointments_office_date_idx): the
 * rows never reach the server, only a line per day or per provider.
 */
export function createReportsRepository(db: Database) {
  return {
    findOffice(officeId: number) {
      return db.selectFrom('offices').select(['id', 'name']).where('id', '=', officeId).executeTakeFirst();
    },

    byDay(officeId: number, from: string, to: string) {
      return db
        .selectFrom('appointments as a')
        .select([
          'a.appointment_date as date',
          counts.as('visits'),
          countOf('Completed').as('completed'),
          countOf('No Show').as('no_show'),
          countOf('Canceled').as('canceled'),
        ])
        .where('a.office_id', '=', officeId)
        .where('a.appointment_date', '>=', from)
        .where('a.appointment_date', '<=', to)
        .groupBy('a.appointment_date')
        .execute();
    },

    /** Visits of the range that are their patient's first visit in the network not canceled. */
    newPatientsByDay(officeId: number, from: string, to: string) {
      return db
        .selectFrom('appointments as a')
        .select(['a.appointment_date as date', sql<number>`count(distinct a.patient_id)::int`.as('patients')])
        .where('a.office_id', '=', officeId)
        .where('a.appointment_date', '>=', from)
        .where('a.appointment_date', '<=', to)
        .where('a.status', '<>', 'Canceled')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('appointments as p')
                .select(sql`1`.as('one'))
                .whereRef('p.patient_id', '=', 'a.patient_id')
                .where('p.status', '<>', 'Canceled')
                .where((eb) =>
                  eb.or([
                    eb('p.starts_at', '<', eb.ref('a.starts_at')),
                    eb.and([eb('p.starts_at', '=', eb.ref('a.starts_at')), eb('p.id', '<', eb.ref('a.id'))]),
                  ]),
                ),
            ),
          ),
        )
        .groupBy('a.appointment_date')
        .execute();
    },

    byProvider(officeId: number, from: string, to: string) {
      return db
        .selectFrom('appointments as a')
        .innerJoin('doctors as d', 'd.id', 'a.doctor_id')
        .select([
          'd.id as doctor_id',
          'd.first_name',
          'd.last_name',
          counts.as('visits'),
          countOf('Completed').as('completed'),
          countOf('No Show').as('no_show'),
          countOf('Canceled').as('canceled'),
        ])
        .where('a.office_id', '=', officeId)
        .where('a.appointment_date', '>=', from)
        .where('a.appointment_date', '<=', to)
        .groupBy(['d.id', 'd.first_name', 'd.last_name'])
        .orderBy('visits', 'desc')
        .orderBy('d.last_name')
        .limit(REPORT_PROVIDERS_MAX)
        .execute();
    },
  };
}
