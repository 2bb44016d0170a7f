import { NOT_SURE_DOCTOR_ID } from '@clinic/contract/constants';
import { WAITLIST_OFFER_MINUTES } from '@clinic/contract/waitlist';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { weekdayDate } from '../../../lib/date-text';
import { useJoinWaitlist } from '../api/waitlist';
import styles from './booking-form.module.css';

interface JoinWaitlistProps {
  officeId: number;
  doctorId: number | null;
  date: string;
  /** The type of visit chosen so far ('' when none is): a time taken from an offer is booked as this type. */
  typeVisit: string;
}

/** On a full day, a patient joins its waitlist (issue 14): a time that opens up is offered to them first. */
export function JoinWaitlist({ officeId, doctorId, date, typeVisit }: JoinWaitlistProps) {
  const join = useJoinWaitlist();
  const day = weekdayDate(date);
  const hours = WAITLIST_OFFER_MINUTES / 60;
  if (join.isSuccess) {
    return (
      <StatusMessage tone="success">
        You are on the waitlist for {day}. If a time opens up, we offer it to you first on your{' '}
        <Link to="/dashboard/patient">dashboard</Link>.
      </StatusMessage>
    );
  }
  return (
    <div className={styles.waitlist}>
      <p>
        Every time on {day} is taken. Join the waitlist: if a time opens up, we offer it to you first and hold
        it for you for {hours} hours.
      </p>
      {typeVisit === '' ? (
        <p id="waitlist-needs-type">
          Choose the type of visit below first: a time we offer you is booked as that type.
        </p>
      ) : null}
      <Button
        variant="secondary"
        disabled={join.isPending || typeVisit === ''}
        aria-describedby={typeVisit === '' ? 'waitlist-needs-type' : undefined}
        onClick={() =>
          join.mutate({
            officeId,
            doctorId: doctorId === null || doctorId === NOT_SURE_DOCTOR_ID ? null : doctorId,
            date,
            typeVisit,
          })
        }
      >
        Join the waitlist for {day}
      </Button>
      {join.isError ? <StatusMessage tone="error">{errorMessage(join.error)}</StatusMessage> : null}
    </div>
  );
}
