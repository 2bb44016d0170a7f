import type { StatusChange } from '@clinic/contract/appointments';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { appointmentKeys } from '../api/appointment-keys';
import styles from './status-history.module.css';

/** GET /appointments/{id}/status-history: each change of the status, oldest first. */
function useStatusHistory(appointmentId: number) {
  return useQuery({
    queryKey: [...appointmentKeys.detail(appointmentId), 'status-history'],
    queryFn: ({ signal }) =>
      apiRequest<StatusChange[]>(`/appointments/${appointmentId}/status-history`, { signal }),
  });
}

/** The visit's status changes with when (in the office's time) and who made them (issue 15). */
export function StatusHistory({
  appointmentId,
  timeZone,
  status,
}: {
  appointmentId: number;
  timeZone: string;
  /** The status now: a visit with no recorded change reads differently when it has left Scheduled. */
  status: string;
}) {
  const history = useStatusHistory(appointmentId);
  const headingId = useId();
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Status history
      </h2>
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
              <strong>{change.toStatus}</strong> (from {change.fromStatus}) ·{' '}
              <time dateTime={change.at}>{when.format(new Date(change.at))}</time>
              {change.by ? ` · by ${change.by}` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
