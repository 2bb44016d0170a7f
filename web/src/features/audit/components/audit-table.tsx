import type { AuditEntry } from '@clinic/contract/audit';
import { lazyDateFormat } from '@clinic/contract/lazy-format';
import table from '../../../components/data-table.module.css';
import styles from './audit-table.module.css';

/** How many of a bulk read's patients are listed before "and N more". */
const PATIENTS_SHOWN = 5;

const localTime = lazyDateFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function patientsText(row: AuditEntry): string {
  if (row.patientId !== null) return `#${row.patientId}`;
  const ids = row.patientIds ?? [];
  if (ids.length === 0) return '—';
  const shown = ids
    .slice(0, PATIENTS_SHOWN)
    .map((id) => `#${id}`)
    .join(', ');
  return ids.length > PATIENTS_SHOWN ? `${shown} and ${ids.length - PATIENTS_SHOWN} more` : shown;
}

const OUTCOME_CLASS: Record<string, string | undefined> = {
  success: styles.success,
  denied: styles.denied,
  not_found: styles.notFound,
  refused: styles.refused,
  error: styles.error,
};

/** The audit events, newest first: who did what to which record of which patient, from where, with what outcome. */
export function AuditTable({ rows }: { rows: readonly AuditEntry[] }) {
  return (
    <table className={`${table.table} ${styles.audit}`}>
      <caption className="visually-hidden">Audit events, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Actor</th>
          <th scope="col">Action</th>
          <th scope="col">Resource</th>
          <th scope="col">Patient</th>
          <th scope="col">Outcome</th>
          <th scope="col">Address</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td data-label="Time" className={styles.nowrap}>
              <time dateTime={row.at} title={`${row.at} (UTC)`}>
                {localTime().format(new Date(row.at))}
              </time>
            </td>
            {/* One child per cell: on a phone each cell is a grid of its label and its content. */}
            <td data-label="Actor">
              <span>
                {row.actorUsername ?? <span className={styles.muted}>anonymous</span>}
                {row.actorRole ? <span className={styles.role}>{row.actorRole}</span> : null}
              </span>
            </td>
            <td data-label="Action">{row.action}</td>
            <td data-label="Resource">
              <span>
                {row.resource}
                {row.resourceId ? <span className={styles.muted}> #{row.resourceId}</span> : null}
              </span>
            </td>
            <td data-label="Patient">{patientsText(row)}</td>
            <td data-label="Outcome">
              <span className={`${styles.outcome} ${OUTCOME_CLASS[row.outcome] ?? ''}`}>
                {row.outcome.replace('_', ' ')}
              </span>
            </td>
            <td data-label="Address" className={styles.nowrap}>
              {row.ip ?? '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
