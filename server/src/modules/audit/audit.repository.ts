import type { AuditQuery } from '@clinic/contract/audit';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function createAuditRepository(db: Database) {
  return {
    list(query: AuditQuery) {
      let q = db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.limit ?? 100);
      if (query.patientId !== undefined) q = q.where('patient_id', '=', query.patientId);
      if (query.actor) q = q.where(sql`lower(actor_username)`, '=', query.actor.toLowerCase());
      if (query.before !== undefined) q = q.where('id', '<', query.before);
      return q.execute();
    },
  };
}
