import { can } from '@clinic/contract/permissions';
import { percentOf, REPORT_MAX_DAYS, REPORT_MESSAGES, reportTotals } from '@clinic/contract/reports';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import tableStyles from '../../../components/data-table.module.css';
import listPage from '../../../components/list-page.module.css';
import { OfficeRangeFilter, useOfficeRange } from '../../../components/office-range-filter';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';
import { weekdayDate } from '../../../lib/date-text';
import { useDocumentTitle } from '../../../lib/document-title';
import { useOfficeList } from '../../../lib/offices';
import { useSession } from '../../../lib/session';
import { useDailyReport } from '../api/daily-report';
import { reportDaysCsv, reportFileName, reportProvidersCsv } from '../components/report-csv';
import { VisitsChart } from '../components/visits-chart';
import styles from './daily-report-page.module.css';

const TITLE = 'Daily Report';
/** The range a report opens on: the last four weeks, today included. */
const DEFAULT_DAYS = 28;

/** /reports/daily (MANAGER, ADMIN): an office's visits, no-shows, cancellations and new patients. */
export function DailyReportPage() {
  const session = useSession();
  if (!can(session?.role, 'report:read')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="The daily report is for managers and administrators."
        signedOut={!session}
      />
    );
  }
  return <Report />;
}

function Report() {
  useDocumentTitle(TITLE);
  const offices = useOfficeList();
  const choice = useOfficeRange(offices.data, {
    defaultDays: DEFAULT_DAYS,
    maxDays: REPORT_MAX_DAYS,
    messages: REPORT_MESSAGES,
  });
  const report = useDailyReport(choice.range);
  const data = report.data;
  const totals = data ? reportTotals(data.days) : null;
  const busyDays = data ? data.days.filter((d) => d.visits > 0) : [];

  return (
    <div className={listPage.page}>
      <header className={listPage.header}>
        <h1 className={listPage.title}>{TITLE}</h1>
        <p className={listPage.lead}>
          Visits per day and per provider at an office: completed visits, no-shows, cancellations and new
          patients (a patient's first visit in the network that was not canceled).
        </p>
      </header>

      <OfficeRangeFilter label="Report filters" offices={offices.data} state={choice} />

      {offices.isError ? <StatusMessage tone="error">{errorMessage(offices.error)}</StatusMessage> : null}
      {report.isError ? <StatusMessage tone="error">{errorMessage(report.error)}</StatusMessage> : null}
      {!data && report.isFetching ? <p role="status">Loading the report…</p> : null}

      {data && totals ? (
        <>
          <dl className={styles.tiles} aria-label="Totals">
            <div>
              <dt>Visits</dt>
              <dd>{totals.visits}</dd>
            </div>
            <div>
              <dt>Completed</dt>
              <dd>{totals.completed}</dd>
            </div>
            <div>
              <dt>No shows</dt>
              <dd>
                {totals.noShow} <small>{percentOf(totals.noShow, totals.visits)}</small>
              </dd>
            </div>
            <div>
              <dt>Cancellations</dt>
              <dd>
                {totals.canceled} <small>{percentOf(totals.canceled, totals.visits)}</small>
              </dd>
            </div>
            <div>
              <dt>New patients</dt>
              <dd>{totals.newPatients}</dd>
            </div>
          </dl>

          <VisitsChart days={data.days} />

          <section aria-labelledby="report-providers">
            <div className={styles.toolbar}>
              <h2 id="report-providers" className={styles.subtitle}>
                By provider
              </h2>
              <Button
                variant="secondary"
                disabled={data.providers.length === 0}
                onClick={() => downloadCsv(reportFileName(data, 'providers'), reportProvidersCsv(data))}
              >
                Export providers CSV
              </Button>
            </div>
            {data.providers.length === 0 ? (
              <p className={styles.empty}>No visits at this office between these days.</p>
            ) : (
              <table className={tableStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">Provider</th>
                    <th scope="col">Visits</th>
                    <th scope="col">Completed</th>
                    <th scope="col">No shows</th>
                    <th scope="col">Cancellations</th>
                  </tr>
                </thead>
                <tbody>
                  {data.providers.map((p) => (
                    <tr key={p.doctorId}>
                      <td data-label="Provider">{p.name}</td>
                      <td data-label="Visits">{p.visits}</td>
                      <td data-label="Completed">{p.completed}</td>
                      <td data-label="No shows">{p.noShow}</td>
                      <td data-label="Cancellations">{p.canceled}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section aria-labelledby="report-days">
            <div className={styles.toolbar}>
              <h2 id="report-days" className={styles.subtitle}>
                By day
              </h2>
              <Button
                variant="secondary"
                onClick={() => downloadCsv(reportFileName(data, 'days'), reportDaysCsv(data))}
              >
                Export days CSV
              </Button>
            </div>
            {busyDays.length === 0 ? (
              <p className={styles.empty}>No visits at this office between these days.</p>
            ) : (
              <table className={tableStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Visits</th>
                    <th scope="col">Completed</th>
                    <th scope="col">No shows</th>
                    <th scope="col">Cancellations</th>
                    <th scope="col">New patients</th>
                  </tr>
                </thead>
                <tbody>
                  {busyDays.map((d) => (
                    <tr key={d.date}>
                      <td data-label="Day">{weekdayDate(d.date)}</td>
                      <td data-label="Visits">{d.visits}</td>
                      <td data-label="Completed">{d.completed}</td>
                      <td data-label="No shows">{d.noShow}</td>
                      <td data-label="Cancellations">{d.canceled}</td>
                      <td data-label="New patients">{d.newPatients}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
