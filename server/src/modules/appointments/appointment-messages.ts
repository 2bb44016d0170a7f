import { formatTime12, longDayLabel } from '@clinic/contract/office-hours';
import type { AppContext } from '../../app-context';
import type { ClaimedJob, JobRunner, NewJob } from '../../platform/jobs';
import { addDays, zonedWallTimeToInstant } from '../../platform/time/zoned-time';
import { createPatientDelivery } from '../messages/patient-delivery';
import { type AppointmentRow, createAppointmentsRepository } from './appointments.repository';
import { calendarFileOf, calendarMethodOf } from './calendar';
import { fullName } from './names';
import { slotKey } from './slots';

/**
 * Messages about a patient's visits (issue 16), sent by the job queue after the change that causes them has
 * committed, only on the channels the patient allowed (patient permissions), each at most once:
 *
 * - a confirmation when a visit is booked (with the visit as an .ics file);
 * - reminders the day before, at the visit's own office-local time (so a visit the morning after a change
 *   of the clocks is announced at that same hour of the day before, 23 or 25 hours ahead), and 2 hours before;
 * - a notice when the visit moves (its reminders are planned again for the new time; those of the old time
 *   find the visit moved and send nothing), with the file again under its UID and a higher SEQUENCE, and when
 *   it is canceled, with a METHOD:CANCEL file that takes it out of the patient's calendar.
 *
 * None goes out for a Canceled or No Show visit (but the cancellation notice). Bodies name the office, the
 * day, the time and the provider, never a diagnosis, a procedure or the type of visit (which can name an
 * insurance). Each goes by e-mail and by text, as the patient allowed (messages/patient-delivery.ts).
 */
export const CONFIRMATION_JOB = 'appointment.confirmation';
export const REMINDER_JOB = 'appointment.reminder';
export const MOVED_JOB = 'appointment.moved';
export const CANCELED_JOB = 'appointment.canceled';
/** Every kind of job that writes to a patient about a visit (the messages outbox lists these). */
export const APPOINTMENT_MESSAGE_KINDS = [CONFIRMATION_JOB, REMINDER_JOB, MOVED_JOB, CANCELED_JOB];

export type ReminderLead = 'day-before' | '2h';

/** The confirmation of a new booking: one per appointment, whoever booked it. */
export function confirmationJob(appointmentId: number, patientId?: number): NewJob {
  return {
    kind: CONFIRMATION_JOB,
    ...(patientId ? { patientId } : {}),
    key: `appointment:${appointmentId}:confirmation`,
    payload: { appointmentId },
  };
}

/**
 * When the reminders of a visit go out: the same office-local time on the day before (DST-safe: computed on
 * the wall clock, not as 24 hours of elapsed time), and 2 hours before the visit.
 */
export function reminderTimes(visit: {
  date: string;
  time: string;
  timeZone: string;
}): Record<ReminderLead, Date> {
  const startsAt = zonedWallTimeToInstant(visit.date, visit.time, visit.timeZone);
  return {
    'day-before': zonedWallTimeToInstant(addDays(visit.date, -1), visit.time, visit.timeZone),
    '2h': new Date(startsAt.getTime() - 2 * 3_600_000),
  };
}

/**
 * The reminder jobs of a visit at its time, for one plan (a booking or a move, `plan` unique to it): their
 * keys name both, so a move plans new ones (also a move back to a time whose reminders an earlier move
 * settled).
 */
export function reminderJobs(
  appointmentId: number,
  patientId: number,
  visit: { date: string; time: string; timeZone: string },
  plan: string,
): NewJob[] {
  const startsAt = zonedWallTimeToInstant(visit.date, visit.time, visit.timeZone).toISOString();
  const times = reminderTimes(visit);
  return (Object.keys(times) as ReminderLead[]).map((lead) => ({
    kind: REMINDER_JOB,
    patientId,
    key: `appointment:${appointmentId}:reminder:${lead}:${startsAt}:${plan}`,
    payload: { appointmentId, lead, startsAt },
    runAt: times[lead],
  }));
}

/** The notice of one move (`plan` unique to it: each move has its own, also a move back to an earlier time). */
export function movedNoticeJob(
  appointmentId: number,
  patientId: number,
  startsAt: Date,
  plan: string,
): NewJob {
  return {
    kind: MOVED_JOB,
    patientId,
    key: `appointment:${appointmentId}:moved:${startsAt.toISOString()}:${plan}`,
    payload: { appointmentId, startsAt: startsAt.toISOString() },
  };
}

export function canceledNoticeJob(appointmentId: number, patientId: number): NewJob {
  return {
    kind: CANCELED_JOB,
    patientId,
    key: `appointment:${appointmentId}:canceled`,
    payload: { appointmentId },
  };
}

const isLive = (row: AppointmentRow) => row.status !== 'Canceled' && row.status !== 'No Show';
const startsAtOf = (row: AppointmentRow) => new Date(row.starts_at).toISOString();

interface Draft {
  subject: string;
  /** The sentence about the visit after the greeting. */
  lead: string;
  attachCalendar: boolean;
}

/** What each kind of job says, or why it says nothing (its outcome). */
function draftFor(job: ClaimedJob, row: AppointmentRow, when: string): Draft | string {
  const doctor = fullName(row.doctor_first_name, row.doctor_last_name);
  const visit = `${when} (${row.office_name} local time) with ${doctor}`;
  switch (job.kind) {
    case CONFIRMATION_JOB:
      if (!isLive(row)) return `skipped: ${row.status}`;
      return {
        subject: `Your visit on ${when} is booked`,
        lead: `Your visit is booked: ${visit}.`,
        attachCalendar: true,
      };
    case REMINDER_JOB: {
      if (!isLive(row)) return `skipped: ${row.status}`;
      if (job.payload.startsAt !== startsAtOf(row)) return 'skipped: the visit has moved';
      const soon = job.payload.lead === '2h';
      return {
        subject: soon ? `Your visit today at ${when.split(' at ')[1]}` : `Reminder: your visit on ${when}`,
        lead: soon
          ? `A reminder of your visit in about two hours: ${visit}.`
          : `A reminder of your visit: ${visit}.`,
        attachCalendar: false,
      };
    }
    case MOVED_JOB:
      if (!isLive(row)) return `skipped: ${row.status}`;
      if (job.payload.startsAt !== startsAtOf(row)) return 'skipped: the visit has moved again';
      return {
        subject: `Your visit has moved to ${when}`,
        lead: `Your visit has moved. It is now ${visit}.`,
        attachCalendar: true,
      };
    case CANCELED_JOB:
      if (row.status !== 'Canceled') return `skipped: ${row.status}`;
      return {
        subject: `Your visit on ${when} is canceled`,
        lead: `Your visit on ${visit} is canceled. Book another time whenever it suits you.`,
        attachCalendar: true,
      };
    default:
      return `skipped: unknown kind ${job.kind}`;
  }
}

/** What the attached calendar file does, as the e-mail says it. */
const CALENDAR_FILE_NOTE = {
  PUBLISH: 'The attached calendar file adds the visit to your calendar, or updates it there.',
  CANCEL: 'The attached calendar file takes the visit out of your calendar.',
} as const;

export function registerAppointmentMessages(runner: JobRunner, ctx: AppContext, now: () => Date): void {
  const repo = createAppointmentsRepository(ctx.db);
  const deliver = createPatientDelivery(ctx, now);
  const manage = new URL('/dashboard/patient', ctx.config.publicUrl).toString();

  async function send(job: ClaimedJob) {
    const id = Number(job.payload.appointmentId);
    const row = Number.isSafeInteger(id) ? await repo.findById(id) : undefined;
    if (!row) return 'skipped: the appointment is gone';
    const when = `${longDayLabel(row.appointment_date)} at ${formatTime12(slotKey(row.appointment_time))}`;
    const draft = draftFor(job, row, when);
    if (typeof draft === 'string') return draft;
    return deliver(job, {
      patientId: row.patient_id,
      consent: 'appointment',
      timeZone: row.time_zone,
      // A text held by quiet hours until the visit has started is not worth sending.
      textUseless: new Date(row.starts_at),
      ...(row.office_phone ? { officePhone: row.office_phone } : {}),
      subject: draft.subject,
      lead: draft.lead,
      details: [
        row.office_name,
        row.office_address,
        row.office_phone ? `Phone: ${row.office_phone}` : '',
        '',
        draft.attachCalendar ? CALENDAR_FILE_NOTE[calendarMethodOf(row.status)] : '',
        `To see, move or cancel your visits, sign in: ${manage}`,
      ],
      attachments: draft.attachCalendar
        ? [
            {
              filename: `appointment-${row.id}.ics`,
              content: calendarFileOf(row, { now: now(), publicUrl: ctx.config.publicUrl }),
              contentType: `text/calendar; charset=utf-8; method=${calendarMethodOf(row.status)}`,
            },
          ]
        : [],
    });
  }

  for (const kind of APPOINTMENT_MESSAGE_KINDS) runner.handle(kind, send);
}
