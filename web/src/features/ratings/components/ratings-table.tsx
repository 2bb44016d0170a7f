import type { Rating } from '@clinic/contract/ratings';
import table from '../../../components/data-table.module.css';
import { longDate } from '../../../lib/date-text';
import styles from './ratings-table.module.css';
import { outOfTen } from './visit-rating';

/** An anonymous rating names no patient: the server sends none, and the table says so (decision 0031). */
function patientText(row: Rating): string {
  if (row.anoymonous) return 'Anonymous';
  return row.patientName || (row.patientId ? `Patient #${row.patientId}` : '—');
}

/** The admin's ratings table (spec §2 Admin rating dashboard), one row per patient's rating. */
export function RatingsTable({ rows }: { rows: readonly Rating[] }) {
  return (
    <table className={`${table.table} ${styles.ratings}`}>
      <caption className="visually-hidden">Patients' ratings, newest visit first</caption>
      <thead>
        <tr>
          <th scope="col">Patient</th>
          <th scope="col">Doctor</th>
          <th scope="col">Office</th>
          <th scope="col">Date</th>
          <th scope="col">Reason</th>
          <th scope="col">Notes</th>
          <th scope="col">Anonymous</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.ratingId}>
            <td data-label="Patient" className={row.anoymonous ? styles.muted : undefined}>
              {patientText(row)}
            </td>
            <td data-label="Doctor">
              {row.doctorName ?? '—'} <span className={styles.score}>{outOfTen(row.rating)}</span>
            </td>
            <td data-label="Office">
              {row.officeName ?? '—'} <span className={styles.score}>{outOfTen(row.officeRating)}</span>
            </td>
            <td data-label="Date" className={styles.nowrap}>
              {longDate(row.date)}
            </td>
            <td data-label="Reason">{row.reason || '—'}</td>
            <td data-label="Notes">{row.extraNotes || '—'}</td>
            <td data-label="Anonymous">{row.anoymonous ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
