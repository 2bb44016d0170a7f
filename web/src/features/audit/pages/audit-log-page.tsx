import type { AuditFilterQuery } from '@clinic/contract/audit';
import { msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import styles from '../../../components/list-page.module.css';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog } from '../api/get-audit-log';
import { AuditFilterForm } from '../components/audit-filter-form';
import { auditFilterSearch, parseAuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

const TITLE = 'Audit Log';

/**
 * /audit (ADMIN, issue 12): every read and change of patient data, every sign-in, sign-out and password reset,
 * newest first, filtered by patient, actor, action and days, with the filtered events as CSV. The log itself is
 * append-only and hash-chained in the database (docs/decisions/0032).
 */
export function AuditLogPage() {
  const session = useSession();
  if (!can(session?.role, 'audit:read')) {
    return (
      <AccessDenied title={TITLE} reason="Only administrators can read the audit log." signedOut={!session} />
    );
  }
  return <AuditLog />;
}

function AuditLog() {
  useDocumentTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseAuditFilters(params), [params]);
  const search = auditFilterSearch(filters);
  const apply = (next: AuditFilterQuery) => setParams(new URLSearchParams(auditFilterSearch(next)));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{TITLE}</h1>
        <p className={styles.lead}>
          Who read or changed which patient's data, and every sign-in, sign-out and password reset. Entries
          cannot be edited or removed; the link of the page keeps the filters.
        </p>
      </header>
      {/* Keyed by the applied filters, so going back or following a link resets the form and the list. */}
      <AuditFilterForm key={search} applied={filters} onApply={apply} />
      <AuditEvents key={`events-${search}`} filters={filters} />
    </div>
  );
}

function AuditEvents({ filters }: { filters: AuditFilterQuery }) {
  const events = useAuditLog(filters);
  const exportCsv = useExportAuditLog();
  const count = events.items.length;

  let status = '';
  if (events.isPending) status = 'Loading events…';
  else if (count > 0)
    status = `${count} ${count === 1 ? 'event' : 'events'}, newest first${events.hasNextPage ? '; older ones follow' : ''}.`;

  return (
    <section className={styles.section} aria-label="Audit events">
      <div className={styles.toolbar}>
        <p className={styles.count} role="status">
          {status}
        </p>
        <Button
          variant="secondary"
          disabled={exportCsv.isPending || (events.isSuccess && count === 0)}
          onClick={() => exportCsv.mutate(filters)}
        >
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {exportCsv.isError ? <StatusMessage tone="error">{errorMessage(exportCsv.error)}</StatusMessage> : null}
      {events.isError ? (
        <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(events.error))}</StatusMessage>
      ) : null}
      {events.isSuccess && count === 0 ? <EmptyState>No audit events match these filters.</EmptyState> : null}
      {count > 0 ? <AuditTable rows={events.items} /> : null}
      {events.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={events.loadMore} disabled={events.isFetchingNextPage}>
            {events.isFetchingNextPage ? 'Loading…' : 'Show older events'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
