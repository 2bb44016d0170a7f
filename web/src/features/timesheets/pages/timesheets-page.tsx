import { can } from '@clinic/contract/permissions';
import {
  hoursAndMinutes,
  TIMESHEET_MAX_DAYS,
  TIMESHEET_MESSAGES,
  type TimesheetShift,
} from '@clinic/contract/timesheets';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import listPage from '../../../components/list-page.module.css';
import { OfficeRangeFilter, useOfficeRange } from '../../../components/office-range-filter';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';
import { useDocumentTitle } from '../../../lib/document-title';
import { useOfficeList } from '../../../lib/offices';
import { useSession } from '../../../lib/session';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useTimesheet } from '../api/timesheets';
import { CorrectShiftDialog } from '../components/correct-shift-dialog';
import { StaffTimesheet } from '../components/staff-timesheet';
import { staffSheets, timesheetCsv, timesheetFileName } from '../components/timesheet-rows';
import styles from './timesheets-page.module.css';

const TITLE = 'Timesheets';
/** The range a timesheet opens on: the last two weeks, today included. */
const DEFAULT_DAYS = 14;

/** /timesheets (MANAGER, ADMIN): an office's clock logs over a range, with totals, corrections and CSV. */
export function TimesheetsPage() {
  const session = useSession();
  if (!can(session?.role, 'timesheet:read')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Timesheets are for managers and administrators."
        signedOut={!session}
      />
    );
  }
  return <Timesheets mayCorrect={can(session?.role, 'timesheet:correct')} />;
}

function Timesheets({ mayCorrect }: { mayCorrect: boolean }) {
  useDocumentTitle(TITLE);
  const offices = useOfficeList();
  const choice = useOfficeRange(offices.data, {
    defaultDays: DEFAULT_DAYS,
    maxDays: TIMESHEET_MAX_DAYS,
    messages: TIMESHEET_MESSAGES,
  });
  const [correcting, setCorrecting] = useState<{ shift: TimesheetShift; person: string } | null>(null);
  const [flash, showFlash] = useFlashMessage();
  const office = choice.office;
  const sheet = useTimesheet(choice.range);
  const people = sheet.data ? staffSheets(sheet.data) : [];
  const working = people.filter((p) => p.shifts.length > 0);
  const idle = people.filter((p) => p.shifts.length === 0);

  return (
    <div className={listPage.page}>
      <header className={listPage.header}>
        <h1 className={listPage.title}>{TITLE}</h1>
        <p className={listPage.lead}>
          Each member of staff's shifts, breaks and worked time at an office. A correction keeps what was
          clocked and says who made it and why.
        </p>
      </header>

      <OfficeRangeFilter label="Timesheet filters" offices={offices.data} state={choice} />

      {offices.isError ? <StatusMessage tone="error">{errorMessage(offices.error)}</StatusMessage> : null}
      {sheet.isError ? <StatusMessage tone="error">{errorMessage(sheet.error)}</StatusMessage> : null}
      <div aria-live="polite">
        {flash ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      </div>

      <div className={listPage.toolbar}>
        <p className={listPage.count} role="status">
          {sheet.isFetching && !sheet.data
            ? 'Loading the timesheet…'
            : sheet.data
              ? `${sheet.data.shifts.length} ${sheet.data.shifts.length === 1 ? 'shift' : 'shifts'} by ${working.length} of ${people.length} staff, ${hoursAndMinutes(working.reduce((sum, p) => sum + p.worked, 0))} worked${office ? ` · times local to ${office.officeName}` : ''}`
              : ''}
        </p>
        <Button
          variant="secondary"
          disabled={!sheet.data || sheet.data.shifts.length === 0}
          onClick={() => sheet.data && downloadCsv(timesheetFileName(sheet.data), timesheetCsv(sheet.data))}
        >
          Export CSV
        </Button>
      </div>

      {sheet.data && working.length === 0 ? (
        <EmptyState>No one clocked in at this office between these days.</EmptyState>
      ) : null}
      {sheet.data
        ? working.map((person) => (
            <StaffTimesheet
              key={person.person.doctorId}
              sheet={person}
              timeZone={sheet.data.timeZone}
              {...(mayCorrect
                ? {
                    onCorrect: (shift: TimesheetShift) =>
                      setCorrecting({ shift, person: person.person.name }),
                  }
                : {})}
            />
          ))
        : null}
      {sheet.data && idle.length > 0 && working.length > 0 ? (
        <p className={styles.idle}>No shifts in these days: {idle.map((p) => p.person.name).join(', ')}.</p>
      ) : null}

      {correcting && sheet.data ? (
        <CorrectShiftDialog
          shift={correcting.shift}
          person={correcting.person}
          timeZone={sheet.data.timeZone}
          onClose={() => setCorrecting(null)}
          onCorrected={() => {
            setCorrecting(null);
            showFlash({ tone: 'success', text: TIMESHEET_MESSAGES.corrected });
          }}
        />
      ) : null}
    </div>
  );
}
