import type { AuthorizationWorklistItem } from '@clinic/contract/authorizations';
import table from '../../../components/data-table.module.css';
import { PatientDashboardLink } from '../../../components/patient-dashboard-link';
import { longDate } from '../../../lib/date-text';
import { visitsLeftText, type WorklistSort, type WorklistSortKey } from './worklist-rows';
import styles from './worklist-table.module.css';

const COLUMNS: readonly { key: WorklistSortKey; label: string }[] = [
  { key: 'patient', label: 'Patient' },
  { key: 'authCode', label: 'Auth code' },
  { key: 'insurance', label: 'Insurance' },
  { key: 'dayEnd', label: 'Ends' },
  { key: 'daysLeft', label: 'Days left' },
  { key: 'visitsLeft', label: 'Visits left' },
  { key: 'reason', label: 'Why' },
];

interface WorklistTableProps {
  rows: readonly AuthorizationWorklistItem[];
  sort: WorklistSort;
  onSort: (key: WorklistSortKey) => void;
}

function daysLeftText(days: number): string {
  if (days === 0) return 'Ends today';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * The worklist as a table whose column headers sort it (a button in each header; aria-sort on the sorted
 * one). Each patient's name opens their dashboard. On narrow screens each row is a card and the headers a
 * row of sort buttons above them.
 */
export function WorklistTable({ rows, sort, onSort }: WorklistTableProps) {
  return (
    <table className={`${table.table} ${styles.worklist}`}>
      <caption className="visually-hidden">
        Authorizations to follow up, sorted by {COLUMNS.find((c) => c.key === sort.key)?.label},{' '}
        {sort.direction}. Column headers sort the table.
      </caption>
      <thead className={styles.sortHeader}>
        <tr>
          {COLUMNS.map(({ key, label }) => {
            const sorted = sort.key === key;
            return (
              <th
                key={key}
                scope="col"
                className={styles.sortable}
                aria-sort={sorted ? sort.direction : undefined}
              >
                <button type="button" className={styles.sortButton} onClick={() => onSort(key)}>
                  {label}
                  <svg
                    className={styles.sortIcon}
                    data-direction={sorted ? sort.direction : 'none'}
                    viewBox="0 0 12 16"
                    width="10"
                    height="14"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path className={styles.up} d="M6 1 11 7H1z" />
                    <path className={styles.down} d="M6 15 1 9h10z" />
                  </svg>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((item) => (
          <tr key={item.authId}>
            <td data-label="Patient">
              <PatientDashboardLink patientId={item.patientId} className={styles.patient}>
                {item.patientName || `Patient #${item.patientId}`}
              </PatientDashboardLink>
            </td>
            <td data-label="Auth code">{item.authCode || '—'}</td>
            <td data-label="Insurance">{item.insName || '—'}</td>
            <td data-label="Ends" className={styles.nowrap}>
              {longDate(item.dayEnd)}
            </td>
            <td data-label="Days left" className={styles.nowrap}>
              {daysLeftText(item.daysLeft)}
            </td>
            <td data-label="Visits left">{visitsLeftText(item)}</td>
            <td data-label="Why">
              <span className={styles.reasons}>
                {item.endingSoon ? <span className={styles.reason}>Ends soon</span> : null}
                {item.fewVisitsLeft ? <span className={styles.reason}>Few visits left</span> : null}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
