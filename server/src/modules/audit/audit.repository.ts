import type { AuditFilterQuery } from '@clinic/contract/audit';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Filters already checked by the service: dates are calendar dates. */
export type AuditFilter = AuditFilterQuery;

const DAY_MS = 24 * 3600 * 1000;

export function createAuditRepository(db: Database) {
  return {
    /** Newest first by id, `take` rows below `before`; each filter has an index (migrations 0001, 0007, 0008). */
    listPage(filter: AuditFilter, before: number | undefined, take: number) {
      let q = db
        .selectFrom('audit_log')
        .select([
          'id',
          'at',
          'actor_user_id',
          'actor_username',
          'actor_role',
          'action',
          'resource',
          'resource_id',
          'patient_id',
          'patient_ids',
          'outcome',
          'ip',
          'request_id',
        ])
        .orderBy('id', 'desc')
        .limit(take);
      const { patientId, actor, action, from, to } = filter;
      if (patientId !== undefined) {
        q = q.where((eb) =>
          eb.or([
            eb('patient_id', '=', patientId),
            eb(sql<boolean>`patient_ids @> array[${patientId}::integer]`, '=', true),
          ]),
        );
      }
      if (actor) q = q.where(sql`lower(actor_username)`, '=', actor.toLowerCase());
      if (action) q = q.where('action', '=', action);
      if (from) q = q.where('at', '>=', new Date(`${from}T00:00:00Z`));
      if (to) q = q.where('at', '<', new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS));
      if (before !== undefined) q = q.where('id', '<', before);
      return q.execute();
    },
  };
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['listPage']>>[number];
