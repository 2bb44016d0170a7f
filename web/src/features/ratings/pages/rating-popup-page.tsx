import { RATING_MAX, RATING_MIN } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Form, FormActions } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { PopupPage } from '../../../components/popup-page';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { sendToOpener } from '../../../lib/popup';
import { RATING_POPUP_SOURCE, readRatingAppointmentId } from '../../../lib/rating-popup';
import { useSession } from '../../../lib/session';
import { useRateVisit } from '../api/rate-visit';
import { ScoreField } from '../components/score-field';
import styles from './rating-popup-page.module.css';

const TITLE = 'Rate Your Visit';
/** As long as the app's other success messages stay (spec §9: 3 s), then the popup closes itself. */
export const RATING_POPUP_CLOSE_MS = 3000;
const REASON_MAX = 500;

/** A score left unchosen at a submit (spec §9: whole numbers 1 to 10). */
const scoreMissing = (name: string) =>
  `Choose the ${name}, a whole number from ${RATING_MIN} to ${RATING_MAX}.`;
const NOTES_MAX = 2000;

/**
 * The rating popup (/ratingpopup, spec §2 Popups): the visit comes from session storage, set by the
 * dashboard before it opened this window. On success the opener is told (it refreshes the ratings and
 * the points the rating earned) and the window closes after a moment.
 */
export function RatingPopupPage({
  visitLabel,
}: {
  /** Which visit is rated: date, time and provider (the app reads the appointment; this feature knows its id). */
  visitLabel?: (appointmentId: number) => ReactNode;
}) {
  const [appointmentId] = useState(readRatingAppointmentId);
  const session = useSession();

  if (appointmentId === null) {
    return (
      <PopupPage title={TITLE}>
        <StatusMessage tone="error">{MSG.noIdProvided}</StatusMessage>
        <p>No visit was chosen to rate. Open this window with a visit's Rate button on your dashboard.</p>
      </PopupPage>
    );
  }
  if (!can(session?.role, 'rating:write:own')) {
    return (
      <PopupPage title={TITLE}>
        <StatusMessage tone="error">{MSG.accessDenied}</StatusMessage>
        <p>Only the patient of a visit can rate it. Please sign in as a patient and try again.</p>
      </PopupPage>
    );
  }
  return <RatingForm appointmentId={appointmentId} visit={visitLabel?.(appointmentId)} />;
}

function RatingForm({ appointmentId, visit }: { appointmentId: number; visit: ReactNode }) {
  const [rating, setRating] = useState<number | null>(null);
  const [officeRating, setOfficeRating] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [extraNotes, setExtraNotes] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [openerTold, setOpenerTold] = useState(false);
  const rate = useRateVisit(appointmentId);
  const anonymousHintId = useId();

  // Closes only a window the dashboard opened (and told); one opened directly stays for the reader.
  useEffect(() => {
    if (!openerTold) return;
    const timer = window.setTimeout(() => window.close(), RATING_POPUP_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [openerTold]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (rating === null || officeRating === null) return;
    rate.mutate(
      { rating, officeRating, reason: reason.trim(), extraNotes: extraNotes.trim(), anoymonous: anonymous },
      {
        onSuccess: () =>
          setOpenerTold(
            sendToOpener(
              { source: RATING_POPUP_SOURCE, id: appointmentId, name: 'Visit rated' },
              { close: false },
            ),
          ),
      },
    );
  };

  if (rate.isSuccess) {
    return (
      <PopupPage title={TITLE}>
        <StatusMessage tone="success">{MSG.ratingThanks}</StatusMessage>
        <p>{openerTold ? 'This window closes in a moment.' : 'You can close this window.'}</p>
      </PopupPage>
    );
  }

  return (
    <PopupPage title={TITLE} intro="Tell us how your visit went. Both ratings are needed.">
      {visit ? <p className={styles.visit}>{visit}</p> : null}
      <Form
        aria-label="Rate your visit"
        onSubmit={onSubmit}
        error={rate.isError ? `${MSG.failedToUpdateRating} ${errorMessage(rate.error)}` : null}
      >
        <ScoreField
          legend="Overall rating"
          name="rating"
          value={rating}
          onChange={setRating}
          error={attempted && rating === null ? scoreMissing('overall rating') : undefined}
        />
        <ScoreField
          legend="Office rating"
          name="officeRating"
          value={officeRating}
          onChange={setOfficeRating}
          error={attempted && officeRating === null ? scoreMissing('office rating') : undefined}
        />
        <TextField
          label="Reason"
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormField label="Extra notes">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={NOTES_MAX}
              value={extraNotes}
              onChange={(e) => setExtraNotes(e.target.value)}
            />
          )}
        </FormField>
        <div className={styles.anonymous}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={anonymous}
              onChange={(e) => setAnonymous(e.target.checked)}
              aria-describedby={anonymousHintId}
            />
            Submit as anonymous
          </label>
          <p id={anonymousHintId} className={styles.hint}>
            Your rating will not be linked to you, and you will not see its scores later.
          </p>
        </div>

        <FormActions>
          <Button type="submit" disabled={rate.isPending}>
            {rate.isPending ? 'Submitting…' : 'Submit rating'}
          </Button>
        </FormActions>
      </Form>
    </PopupPage>
  );
}
