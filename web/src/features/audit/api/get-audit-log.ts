import type { AuditEntry, AuditFilterQuery } from '@clinic/contract/audit';
import { useKeyPagedList } from '../../../lib/key-page';

/** Rows per page of the audit log (the server allows up to 500). */
export const AUDIT_PAGE_SIZE = 50;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilterQuery) => ['audit', 'list', filters] as const,
};

/**
 * GET /audit?patientId=&actor=&action=&from=&to=&limit=&before= (ADMIN): audit events newest first, the next
 * page's key in the Link header ("Show more" appends it).
 */
export function useAuditLog(filters: AuditFilterQuery) {
  return useKeyPagedList<AuditEntry>({
    queryKey: auditKeys.list(filters),
    path: '/audit',
    query: { ...filters, limit: AUDIT_PAGE_SIZE },
  });
}
