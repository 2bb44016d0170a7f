import type { MessageStatus } from '@clinic/contract/messages-outbox';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { InstantIdKey } from '../../platform/key-paging';

/**
 * The jobs that write to patients, as the messages outbox reads them: by due time (run_at, then id), the
 * latest first, or within a window of due times in the order they go out. The (run_at, id) indexes of
 * migration 0029 serve each order, by patient and by state too.
 */
export function createMessagesRepository(db: Database) {
  return {
    /** Where and whether a patient may be written to (their consents; none when they have no row). */
    contact(patientId: number) {
      return db
        .selectFrom('patients as p')
        .leftJoin('patient_permissions as pp', 'pp.patient_id', 'p.id')
        .select([
          'p.email',
          'p.first_name',
          'p.phone_number',
          'pp.allow_appointment_reminder_email',
          'pp.allow_appointment_reminder_text',
          'pp.allow_authorization_reminder_email',
          'pp.allow_authorization_reminder_text',
        ])
        .where('p.id', '=', patientId)
        .executeTakeFirst();
    },

    page(
      filter: {
        kinds: readonly string[];
        status?: MessageStatus | undefined;
        patientId?: number | undefined;
        /** Only those due from `from` until before `to`, then in the order they go out. */
        window?: { from: Date; to: Date } | undefined;
      },
      after: InstantIdKey | undefined,
      take: number,
    ) {
      const ascending = filter.window !== undefined;
      let query = db
        .selectFrom('jobs as j')
        .leftJoin('patients as p', 'p.id', 'j.patient_id')
        // A visit's messages name their appointment in the payload (an integer); others name their zone.
        .leftJoin('appointments as a', (join) =>
          join.on(sql<boolean>`a.id = (j.payload->>'appointmentId')::integer`),
        )
        .leftJoin('offices as o', 'o.id', 'a.office_id')
        .select([
          'j.id',
          'j.kind',
          'j.state',
          'j.attempts',
          'j.outcome',
          'j.last_error',
          'j.run_at',
          'j.finished_at',
          'j.patient_id',
          'p.first_name as patient_first_name',
          'p.last_name as patient_last_name',
          'a.id as appointment_id',
          sql<string | null>`j.payload->>'channel'`.as('channel'),
          sql<string | null>`coalesce(o.time_zone, j.payload->>'timeZone')`.as('time_zone'),
        ])
        .where('j.kind', 'in', [...filter.kinds]);
      if (filter.patientId !== undefined) query = query.where('j.patient_id', '=', filter.patientId);
      if (filter.window) {
        query = query.where('j.run_at', '>=', filter.window.from).where('j.run_at', '<', filter.window.to);
      }
      if (after) {
        // A row comparison, which the (…, run_at, id) indexes serve as a range.
        const beyond = sql.raw(ascending ? '>' : '<');
        query = query.where(sql<boolean>`(j.run_at, j.id) ${beyond} (${after.at}, ${after.id})`);
      }
      if (filter.status) query = query.where((eb) => statusCondition(eb, filter.status!));
      const direction = ascending ? 'asc' : 'desc';
      return query.orderBy('j.run_at', direction).orderBy('j.id', direction).limit(take).execute();
    },
  };
}

/** The rows of a staff status (the inverse of messageStatusOf in contract/messages-outbox). */
function statusCondition(eb: ExpressionBuilder<DB & { j: DB['jobs'] }, 'j'>, status: MessageStatus) {
  switch (status) {
    case 'failed':
      return eb('j.state', '=', 'failed');
    case 'scheduled':
      return eb.and([eb('j.state', 'in', ['queued', 'running']), eb('j.attempts', '=', 0)]);
    case 'retrying':
      return eb.and([eb('j.state', 'in', ['queued', 'running']), eb('j.attempts', '>', 0)]);
    case 'suppressed':
      return eb.and([eb('j.state', '=', 'done'), eb('j.outcome', 'like', 'suppressed%')]);
    case 'skipped':
      return eb.and([eb('j.state', '=', 'done'), eb('j.outcome', 'like', 'skipped%')]);
    case 'sent':
      return eb.and([
        eb('j.state', '=', 'done'),
        eb.or([
          eb('j.outcome', 'is', null),
          eb.and([eb('j.outcome', 'not like', 'suppressed%'), eb('j.outcome', 'not like', 'skipped%')]),
        ]),
      ]);
  }
}
