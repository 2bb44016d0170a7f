import type { Appointment } from '@clinic/contract/appointments';
import { SUCCESS_MESSAGE_MS } from '@clinic/contract/constants';
import { BOARD_POLL_MS } from '@clinic/contract/live-board';
import { msg } from '@clinic/contract/messages';
import { calendarDateInZone, dayLabel } from '@clinic/contract/office-hours';
import { can } from '@clinic/contract/permissions';
import { useEffect, useRef, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { OfficeSelect } from '../../../components/office-select';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useNow } from '../../../lib/now';
import { isImplementedPath } from '../../../lib/page-paths';
import { parseId } from '../../../lib/patient-id';
import { useSession } from '../../../lib/session';
import { useOfficeDayAppointments } from '../api/get-office-day-appointments';
import {
  type BoardFeed,
  pollInterval,
  useLatestStatusChanges,
  useLiveOfficeDay,
} from '../api/live-office-day';
import { useStaffOfficeChoices } from '../api/staff-offices';
import { useUndoStatus } from '../api/undo-status';
import { useUpdateConformation } from '../api/update-conformation';
import { AppointmentCard } from '../components/appointment-card';
import type { CheckInAction } from '../components/check-in-actions';
import styles from './front-desk-check-in-page.module.css';

const TITLE = 'Front Desk Check-In';
const POPUP_PATH = '/appointmentPopup';
/** How often the board's offers follow the clock: No Show from a visit's start, nothing once its day ends. */
const CLOCK_PERIOD_MS = 30_000;

/**
 * /frontdeskcheckin (spec §2, §4, §6): ADMIN, MANAGER and FRONTDESK choose any office; a DOCTOR sees
 * only their own record's office. The day defaults to the office's today; each card offers the legal
 * next steps, Cancel and No Show after a question.
 */
export function FrontDeskCheckInPage() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const role = session?.role ?? null;
  const anyOffice = can(role, 'checkin:any-office');
  const ownOffice = can(role, 'checkin:own-office');
  if (!anyOffice && !ownOffice) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Check-in is for the front desk, managers, administrators and doctors."
        signedOut={!session}
      />
    );
  }
  return (
    <CheckInBoard
      anyOffice={anyOffice}
      doctorId={parseId(session?.doctorId)}
      canEdit={can(role, 'appointment:edit')}
      canUndo={can(role, 'checkin:undo')}
    />
  );
}

/** Whether the board follows changes as they happen or reads the day itself every few seconds. */
function FeedNote({ feed }: { feed: BoardFeed }) {
  if (feed === 'connecting') return null;
  return (
    <span className={styles.feed} data-feed={feed}>
      {feed === 'live'
        ? 'Changes from other desks appear as they happen.'
        : `Refreshing every ${BOARD_POLL_MS / 1000} seconds.`}
    </span>
  );
}

interface PendingAction {
  appointment: Appointment;
  action: CheckInAction;
}

function CheckInBoard({
  anyOffice,
  doctorId,
  canEdit,
  canUndo,
}: {
  anyOffice: boolean;
  doctorId: number | null;
  canEdit: boolean;
  canUndo: boolean;
}) {
  const { offices, choices, start, noOffice } = useStaffOfficeChoices({ anyOffice, doctorId });
  const [officeId, setOfficeId] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const [confirming, setConfirming] = useState<PendingAction | null>(null);
  const [flash, setFlash] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const flashTimer = useRef<number | undefined>(undefined);
  const update = useUpdateConformation();
  const undo = useUndoStatus();
  const now = useNow(CLOCK_PERIOD_MS);

  const office = choices.find((o) => o.officeId === officeId) ?? null;

  // Start at the staff member's own office when they have one, otherwise the first office.
  useEffect(() => {
    if (officeId !== null || !start) return;
    setOfficeId(start.officeId);
    setDate(calendarDateInZone(new Date(), start.timeZone));
  }, [officeId, start]);

  useEffect(() => () => window.clearTimeout(flashTimer.current), []);

  const feed = useLiveOfficeDay(officeId, date);
  const day = useOfficeDayAppointments(officeId, date, pollInterval(feed));
  const latestChanges = useLatestStatusChanges(officeId, date, feed);
  const lastChangeOf = new Map((latestChanges.data ?? []).map((c) => [c.appointmentId, c]));

  function showFlash(next: { tone: 'success' | 'error'; text: string }) {
    window.clearTimeout(flashTimer.current);
    setFlash(next);
    if (next.tone === 'success')
      flashTimer.current = window.setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
  }

  function run({ appointment, action }: PendingAction) {
    setConfirming(null);
    update.mutate(
      { id: appointment.appoinmentId, conformation: action.to },
      {
        onSuccess: (updated) => showFlash({ tone: 'success', text: msg.statusUpdated(updated.conformation) }),
        onError: (error) => showFlash({ tone: 'error', text: msg.updateFailed(errorMessage(error)) }),
      },
    );
  }

  function undoStatus(appointment: Appointment) {
    const from = appointment.conformation;
    undo.mutate(
      { id: appointment.appoinmentId, conformation: from },
      {
        onSuccess: (updated) =>
          showFlash({ tone: 'success', text: msg.statusUndone(from, updated.conformation) }),
        onError: (error) => showFlash({ tone: 'error', text: msg.updateFailed(errorMessage(error)) }),
      },
    );
  }

  function chooseOffice(id: number) {
    const next = choices.find((o) => o.officeId === id);
    if (!next) return;
    setOfficeId(id);
    setDate(calendarDateInZone(new Date(), next.timeZone));
    setFlash(null);
  }

  const appointments = day.data ?? [];
  const showDetails = canEdit && isImplementedPath(POPUP_PATH);

  let list: React.ReactNode;
  if (offices.isError) {
    list = <StatusMessage tone="error">{errorMessage(offices.error)}</StatusMessage>;
  } else if (noOffice) {
    list = (
      <StatusMessage tone="info">
        Your staff record has no office, so there is no check-in list for you.
      </StatusMessage>
    );
  } else if (officeId === null || date === '' || day.isPending) {
    list = <p role="status">Loading appointments…</p>;
  } else if (day.isError) {
    list = <StatusMessage tone="error">{errorMessage(day.error)}</StatusMessage>;
  } else if (appointments.length === 0) {
    list = <p className={styles.empty}>No appointments at this office on {dayLabel(date)}.</p>;
  } else {
    list = (
      <ol className={styles.cards}>
        {appointments.map((appointment) => (
          <li key={appointment.appoinmentId}>
            <AppointmentCard
              appointment={appointment}
              busy={update.isPending || undo.isPending}
              now={now}
              onUndo={canUndo ? undoStatus : undefined}
              detailsPath={showDetails ? `${POPUP_PATH}?id=${appointment.appoinmentId}` : undefined}
              lastChange={lastChangeOf.get(appointment.appoinmentId)}
              onAction={(a, action) =>
                action.confirm ? setConfirming({ appointment: a, action }) : run({ appointment: a, action })
              }
            />
          </li>
        ))}
      </ol>
    );
  }

  const live = appointments.filter(
    (a) => a.conformation !== 'Canceled' && a.conformation !== 'No Show',
  ).length;

  return (
    <section aria-labelledby="check-in-title" className={styles.page}>
      <h1 id="check-in-title" className={styles.title}>
        {TITLE}
      </h1>
      <div className={styles.filters}>
        <OfficeSelect offices={choices} value={officeId} onChange={(next) => chooseOffice(next.officeId)} />
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(event) => {
            if (event.target.value) setDate(event.target.value);
          }}
        />
        {office ? (
          <Button
            variant="secondary"
            className={styles.today}
            onClick={() => setDate(calendarDateInZone(new Date(), office.timeZone))}
          >
            Today
          </Button>
        ) : null}
      </div>
      {office ? (
        <p className={styles.zoneNote}>
          Dates and times are local to {office.officeName}. <FeedNote feed={feed} />
        </p>
      ) : null}
      <div aria-live="polite">
        {flash ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      </div>
      {office && date && day.isSuccess ? (
        <h2 className={styles.dayTitle}>
          {dayLabel(date)} · {live} {live === 1 ? 'appointment' : 'appointments'}
        </h2>
      ) : null}
      {list}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.action.label === 'Cancel' ? 'Cancel appointment' : 'Mark as No Show'}
        size="small"
        footer={
          confirming?.action.confirm ? (
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                {confirming.action.confirm.no}
              </Button>
              <Button variant="accent" onClick={() => run(confirming)}>
                {confirming.action.confirm.yes}
              </Button>
            </>
          ) : null
        }
      >
        <p>{confirming?.action.confirm?.question}</p>
        {confirming ? (
          <p className={styles.confirmWho}>
            {confirming.appointment.patientName}, {dayLabel(confirming.appointment.appointmentDate)}
          </p>
        ) : null}
      </Modal>
    </section>
  );
}
