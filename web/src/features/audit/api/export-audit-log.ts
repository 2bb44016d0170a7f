import { AUDIT_EXPORT_FILE, type AuditFilterQuery } from '@clinic/contract/audit';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';

/**
 * GET /audit/export with the page's filters (ADMIN): every matching event, streamed by the server. It needs the
 * bearer token, so the file is fetched here and handed to the browser as audit-log.csv rather than linked.
 */
export async function exportAuditLog(filters: AuditFilterQuery): Promise<void> {
  const csv = await apiRequest<string | undefined>('/audit/export', {
    query: { ...filters },
    headers: { Accept: 'text/csv' },
  });
  downloadCsv(AUDIT_EXPORT_FILE, csv ?? '');
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
