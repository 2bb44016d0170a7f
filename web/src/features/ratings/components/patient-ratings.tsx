import { msg } from '@clinic/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import table from '../../../components/data-table.module.css';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { longDate } from '../../../lib/date-text';
import { usePopupMessage } from '../../../lib/popup';
import { RATING_POPUP_SOURCE } from '../../../lib/rating-popup';
import { usePatientRatings } from '../api/get-patient-ratings';
import { ratingKeys } from '../api/rating-keys';
import styles from './patient-ratings.module.css';
import { RateVisitButton } from './rate-visit-button';
import { outOfTen, visitRatingState } from './visit-rating';

interface PatientRatingsProps {
  patientId: number;
  /** Called after the popup reports a rating, for what else it changed (the points it earned). */
  onRated?: () => void;
}

/**
 * The patient's ratings table (spec §2 Patient dashboard, PATIENT only): each completed visit with its
 * scores, 'Rated anonymously', or a button that opens the rating popup. It also hears the popup's
 * success, whichever table opened it, and refreshes the list.
 */
export function PatientRatings({ patientId, onRated }: PatientRatingsProps) {
  const ratings = usePatientRatings(patientId);
  const queryClient = useQueryClient();

  usePopupMessage((selection) => {
    if (selection.source !== RATING_POPUP_SOURCE) return;
    void queryClient.invalidateQueries({ queryKey: ratingKeys.ofPatient(patientId) });
    onRated?.();
  });

  if (ratings.isPending) return <p role="status">Loading ratings…</p>;
  if (ratings.isError) {
    return <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(ratings.error))}</StatusMessage>;
  }
  if (ratings.data.length === 0) {
    return (
      <p className={styles.empty}>No completed visits to rate yet. After a visit you can rate it here.</p>
    );
  }
  return (
    <table className={`${table.table} ${styles.ratings}`}>
      <caption className="visually-hidden">Your visits and how you rated them, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Doctor</th>
          <th scope="col">Office</th>
          <th scope="col">Doctor rating</th>
          <th scope="col">Office rating</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {ratings.data.map((row) => {
          const state = visitRatingState(row);
          const date = longDate(row.date);
          return (
            <tr key={row.ratingId}>
              <td data-label="Date" className={styles.nowrap}>
                {date}
              </td>
              <td data-label="Doctor">{row.doctorName ?? '—'}</td>
              <td data-label="Office">{row.officeName ?? '—'}</td>
              {state === 'named' ? (
                <>
                  <td data-label="Doctor rating">{outOfTen(row.rating)}</td>
                  <td data-label="Office rating">{outOfTen(row.officeRating)}</td>
                  <td data-label="Reason">{row.reason || '—'}</td>
                </>
              ) : (
                <td data-label="Rating" colSpan={3}>
                  {state === 'anonymous' ? (
                    <span className={styles.anonymous}>Rated anonymously</span>
                  ) : (
                    <RateVisitButton appointmentId={row.appointmentId}>
                      Rate this visit<span className="visually-hidden"> of {date}</span>
                    </RateVisitButton>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
