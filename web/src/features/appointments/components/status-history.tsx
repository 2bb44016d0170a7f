import type { StatusChange } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { momentInZone } from '../../../lib/date-text';
import { appointmentKeys } from '../api/appointment-keys';
import styles from './status-history.module.css';

/** GET /appointments/{id}/status-history: each change of the status, oldest first. */
function useStatusHistory(appointmentId: number) {
  return useQuery({
    queryKey: appointmentKeys.statusHistory(appointmentId),
    queryFn: ({ signal }) =>
      apiRequest<StatusChange[]>(`/appointments/${appointmentId}/status-history`, { signal }),
  });
}

/** The visit's status changes with when (in the office's time) and who made them (issue 15). */
export function StatusHistory({
  appointmentId,
  timeZone,
  status,
  compact = false,
}: {
  appointmentId: number;
  timeZone: string;
  /** The status now: a visit with no recorded change reads differently when it has left Scheduled. */
  status: string;
  /** Inside a card: a smaller heading (h4) and no rule above. */
  compact?: boolean;
}) {
  const history = useStatusHistory(appointmentId);
  const headingId = useId();
  const Heading = compact ? 'h4' : 'h2';
  return (
    <section className={compact ? styles.compact : styles.history} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        Status history
      </Heading>
      {history.isPending ? (
        <p role="status">Loading…</p>
      ) : history.isError ? (
        <p role="alert">{errorMessage(history.error)}</p>
      ) : history.data.length === 0 ? (
        <p className={styles.empty}>
          {status === 'Scheduled'
            ? 'Scheduled; no change since it was booked.'
            : `${status}; no change of its status has been recorded.`}
        </p>
      ) : (
        <ol className={styles.list}>
          {history.data.map((change) => (
            <li key={`${change.at}-${change.toStatus}`}>
              <strong>{change.toStatus}</strong>{' '}
              {change.undo ? `(${change.fromStatus} undone)` : `(from ${change.fromStatus})`} ·{' '}
              <time dateTime={change.at}>{momentInZone(change.at, timeZone)}</time>
              {change.by ? ` · by ${change.by}` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
