import { lazyDateFormat } from '@clinic/contract/lazy-format';
import { formatTime12 } from '@clinic/contract/office-hours';
import { WAITLIST_MESSAGES, type WaitlistEntry } from '@clinic/contract/waitlist';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { weekdayDate } from '../../../lib/date-text';
import { parseId } from '../../../lib/patient-id';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useAcceptOffer, useLeaveWaitlist, useMyWaitlist } from '../api/waitlist';
import styles from './patient-waitlist.module.css';

const clock = lazyDateFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Open entries of days still ahead (the office's day is compared loosely: a past day has nothing to offer). */
function openEntries(entries: readonly WaitlistEntry[], now: Date): WaitlistEntry[] {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return entries
    .filter((e) => (e.status === 'waiting' || e.status === 'offered') && e.date >= yesterday)
    .sort((a, b) => (a.status === b.status ? a.date.localeCompare(b.date) : a.status === 'offered' ? -1 : 1));
}

interface PatientWaitlistProps {
  /** Frames the list (the dashboard's panel); nothing is shown while the patient waits for no day. */
  frame: (content: ReactNode) => ReactNode;
}

/** The query parameter of the dashboard address that an offer's message links to (`?offer=` its id). */
export const OFFER_PARAM = 'offer';

/**
 * The patient's waitlist on the dashboard (issue 14): a time offered to them, held until a given time, with
 * Book it and No thanks; the days they wait for, with Leave. The link in an offer's message opens the
 * dashboard at `?offer=` (issue 28): that offer is brought into view and focused, or, when it is no longer
 * open, the panel says so.
 */
export function PatientWaitlist({ frame }: PatientWaitlistProps) {
  const waitlist = useMyWaitlist(true);
  const accept = useAcceptOffer();
  const leave = useLeaveWaitlist();
  const [notice, setNotice] = useFlashMessage();
  const linked = parseId(useSearchParams()[0].get(OFFER_PARAM));
  const linkedItem = useRef<HTMLLIElement>(null);
  const entries = openEntries(waitlist.data ?? [], new Date());
  const linkedOpen = entries.some((e) => e.id === linked && e.status === 'offered');
  const linkedGone = linked !== null && waitlist.isSuccess && !linkedOpen;

  useEffect(() => {
    if (!linkedOpen) return;
    linkedItem.current?.scrollIntoView({ block: 'center' });
    linkedItem.current?.focus({ preventScroll: true });
  }, [linkedOpen]);

  if (entries.length === 0 && !notice && !linkedGone) return null;

  const leaveDay = (id: number, day: string) =>
    leave.mutate(id, {
      onSuccess: () => setNotice({ tone: 'success', text: `You left the waitlist for ${day}.` }),
      onError: (error) => setNotice({ tone: 'error', text: errorMessage(error) }),
    });

  return frame(
    <>
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      {linkedGone && !notice ? (
        <StatusMessage tone="info">{WAITLIST_MESSAGES.offerGone}</StatusMessage>
      ) : null}
      {entries.length === 0 ? null : (
        <ul className={styles.list}>
          {entries.map((entry) => {
            const where = `${entry.officeName}${entry.doctorName ? `, with ${entry.doctorName}` : ''}`;
            const day = weekdayDate(entry.date);
            if (entry.status === 'offered' && entry.offeredTime) {
              const until = entry.offerExpiresAt
                ? clock().format(new Date(entry.offerExpiresAt)).toLowerCase()
                : null;
              const when = `${day} at ${formatTime12(entry.offeredTime)}`;
              return (
                <li
                  key={entry.id}
                  className={`${styles.item} ${styles.offer}`}
                  {...(entry.id === linked ? { ref: linkedItem, tabIndex: -1 } : {})}
                >
                  <p className={styles.title}>A time opened up for you: {when}</p>
                  <p className={styles.detail}>
                    {where}. {until ? `We hold it for you until ${until}.` : null}
                  </p>
                  <div className={styles.actions}>
                    <Button
                      disabled={accept.isPending}
                      onClick={() =>
                        accept.mutate(entry.id, {
                          onSuccess: () =>
                            setNotice({
                              tone: 'success',
                              text: `Booked: ${when}. See it under Appointments.`,
                            }),
                          onError: (error) => setNotice({ tone: 'error', text: errorMessage(error) }),
                        })
                      }
                    >
                      Book it<span className="visually-hidden"> for {when}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={leave.isPending}
                      onClick={() => leaveDay(entry.id, day)}
                    >
                      No thanks<span className="visually-hidden"> for {when}</span>
                    </Button>
                  </div>
                </li>
              );
            }
            return (
              <li key={entry.id} className={styles.item}>
                <p className={styles.title}>Waiting for a time on {day}</p>
                <p className={styles.detail}>
                  {where}. If a time opens up, we offer it to you here first and hold it for you.
                </p>
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    disabled={leave.isPending}
                    onClick={() => leaveDay(entry.id, day)}
                  >
                    Leave the waitlist<span className="visually-hidden"> for {day}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {waitlist.isError ? <StatusMessage tone="error">{errorMessage(waitlist.error)}</StatusMessage> : null}
    </>,
  );
}
