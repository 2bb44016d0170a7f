import {
  WORKLIST_DEFAULT_DAYS,
  WORKLIST_DEFAULT_VISITS_LEFT,
  WORKLIST_MAX_ROWS,
} from '@clinic/contract/authorizations';
import { msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/form-field';
import listState from '../../../components/list-states.module.css';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import type { WorklistFilters } from '../api/authorization-keys';
import { useAuthorizationWorklist } from '../api/get-authorization-worklist';
import {
  sortWorklist,
  WORKLIST_CSV_FILE,
  type WorklistSort,
  type WorklistSortKey,
  worklistCsv,
} from '../components/worklist-rows';
import { WorklistTable } from '../components/worklist-table';
import styles from './authorization-worklist-page.module.css';

const TITLE = 'Authorization Worklist';
const DAYS_MAX = 365;
const VISITS_LEFT_MAX = 1000;

/** A filter's text as a whole number in range, or null while it is not one. */
function wholeNumber(text: string, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/** /authorizations/worklist (FRONTDESK, MANAGER, ADMIN): authorizations that end soon or have few visits left. */
export function AuthorizationWorklistPage() {
  const session = useSession();
  if (!can(session?.role, 'authorization:worklist')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only front desk staff, managers and administrators can see the authorization worklist."
        signedOut={!session}
      />
    );
  }
  return <Worklist />;
}

function Worklist() {
  useDocumentTitle(TITLE);
  const [daysText, setDaysText] = useState(String(WORKLIST_DEFAULT_DAYS));
  const [visitsText, setVisitsText] = useState(String(WORKLIST_DEFAULT_VISITS_LEFT));
  const [filters, setFilters] = useState<WorklistFilters>({
    days: WORKLIST_DEFAULT_DAYS,
    visitsLeft: WORKLIST_DEFAULT_VISITS_LEFT,
  });
  const [sort, setSort] = useState<WorklistSort>({ key: 'dayEnd', direction: 'ascending' });
  const worklist = useAuthorizationWorklist(filters);

  const days = wholeNumber(daysText, DAYS_MAX);
  const visitsLeft = wholeNumber(visitsText, VISITS_LEFT_MAX);
  // A filter applies as soon as it holds a valid number; until then the list keeps the last valid one.
  const changeDays = (text: string) => {
    setDaysText(text);
    const value = wholeNumber(text, DAYS_MAX);
    if (value !== null) setFilters((f) => ({ ...f, days: value }));
  };
  const changeVisitsLeft = (text: string) => {
    setVisitsText(text);
    const value = wholeNumber(text, VISITS_LEFT_MAX);
    if (value !== null) setFilters((f) => ({ ...f, visitsLeft: value }));
  };
  const onSort = (key: WorklistSortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );

  const rows = worklist.data ? sortWorklist(worklist.data, sort) : [];
  const shown = worklist.data?.length ?? 0;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{TITLE}</h1>
        <p className={styles.lead}>
          Active authorizations that end soon or have few visits left, so they can be renewed in time. Choose
          a patient to open their dashboard.
        </p>
      </header>

      <search className={styles.filters} aria-label="Worklist filters">
        <TextField
          label="Ending within (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={DAYS_MAX}
          step={1}
          value={daysText}
          error={days === null ? `Enter a whole number from 0 to ${DAYS_MAX}.` : undefined}
          onChange={(e) => changeDays(e.target.value)}
        />
        <TextField
          label="Visits left at most"
          type="number"
          inputMode="numeric"
          min={0}
          max={VISITS_LEFT_MAX}
          step={1}
          value={visitsText}
          error={visitsLeft === null ? `Enter a whole number from 0 to ${VISITS_LEFT_MAX}.` : undefined}
          onChange={(e) => changeVisitsLeft(e.target.value)}
        />
      </search>

      {worklist.isError ? (
        <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(worklist.error))}</StatusMessage>
      ) : null}

      <div className={styles.toolbar}>
        <p className={styles.count} role="status">
          {worklist.isPending
            ? 'Loading the worklist…'
            : shown === 0
              ? ''
              : `${shown} authorization${shown === 1 ? '' : 's'} to follow up${shown >= WORKLIST_MAX_ROWS ? ` (the first ${WORKLIST_MAX_ROWS})` : ''}`}
        </p>
        <Button
          variant="secondary"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(WORKLIST_CSV_FILE, worklistCsv(rows))}
        >
          Export CSV
        </Button>
      </div>

      {worklist.isSuccess && shown === 0 ? (
        <EmptyState>
          No authorizations to follow up: none ends within {filters.days} days or has {filters.visitsLeft} or
          fewer visits left.
        </EmptyState>
      ) : null}

      {rows.length > 0 ? (
        <div
          className={worklist.isPlaceholderData ? listState.stale : undefined}
          aria-busy={worklist.isFetching || undefined}
        >
          <WorklistTable rows={rows} sort={sort} onSort={onSort} />
        </div>
      ) : null}
    </div>
  );
}
