import {
  AUDIT_CSV_HEADER,
  type AuditEntry,
  type AuditFilterQuery,
  type AuditQuery,
} from '@clinic/contract/audit';
import { csvLine } from '@clinic/contract/csv';
import type { Database } from '../../db/database';
import { badRequest } from '../../platform/errors';
import { pageByKey } from '../../platform/key-paging';
import { isCalendarDate } from '../appointments/slots';
import { type AuditRow, createAuditRepository } from './audit.repository';

/** Rows per database round trip of the CSV export: the file is streamed, never held whole. */
const EXPORT_PAGE = 1000;

function checkedFilter<F extends AuditFilterQuery>(filter: F): F {
  for (const field of ['from', 'to'] as const) {
    const date = filter[field];
    if (date !== undefined && !isCalendarDate(date)) throw badRequest(`${field} is not a calendar date.`);
  }
  if (filter.from && filter.to && filter.from > filter.to) throw badRequest('from must not be after to.');
  return filter;
}

export function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorUserId: r.actor_user_id,
    actorUsername: r.actor_username,
    actorRole: r.actor_role,
    action: r.action,
    resource: r.resource,
    resourceId: r.resource_id,
    patientId: r.patient_id,
    patientIds: r.patient_ids,
    outcome: r.outcome,
    ip: r.ip,
    requestId: r.request_id,
  };
}

/** The patient column of the CSV: the one patient, or the bulk read's patients separated by spaces. */
function patientsOf(r: AuditRow): string {
  if (r.patient_id !== null) return String(r.patient_id);
  return r.patient_ids?.join(' ') ?? '';
}

/** The audit trail for ADMIN (issue 12): filtered, newest first, paged by key; and its CSV. */
export function createAuditService(db: Database) {
  const repo = createAuditRepository(db);
  return {
    async list(query: AuditQuery) {
      const filter = checkedFilter(query);
      const page = await pageByKey(
        query,
        (before, take) => repo.listPage(filter, before, take),
        (row) => row.id,
      );
      return { ...page, items: page.items.map(toAuditEntry) };
    },

    /** Checks the filter before the answer starts (a bad date is a 400, not a broken download). */
    exportCsv(query: AuditFilterQuery): AsyncIterable<string> {
      return csvLines(checkedFilter(query));
    },
  };

  async function* csvLines(filter: AuditFilterQuery): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
    let before: number | undefined;
    for (;;) {
      const rows = await repo.listPage(filter, before, EXPORT_PAGE);
      if (rows.length > 0) {
        yield rows
          .map((r) =>
            csvLine([
              r.at.toISOString(),
              r.actor_username,
              r.actor_role,
              r.action,
              r.resource,
              r.resource_id,
              patientsOf(r),
              r.outcome,
              r.ip,
              r.request_id,
            ]),
          )
          .join('');
      }
      const last = rows.at(-1);
      if (rows.length < EXPORT_PAGE || !last) return;
      before = last.id;
    }
  }
}
