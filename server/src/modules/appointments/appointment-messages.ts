import { PRACTICE_EMAIL, PRACTICE_NAME, PRACTICE_PHONE } from '@clinic/contract/constants';
import { formatTime12 } from '@clinic/contract/office-hours';
import type { AppContext } from '../../app-context';
import type { ClaimedJob, JobRunner, NewJob } from '../../platform/jobs';
import type { MailAttachment } from '../../platform/mail';
import { phoneDigits } from '../../platform/sms';
import {
  addDays,
  localDateInZone,
  localTimeInZone,
  zonedWallTimeToInstant,
} from '../../platform/time/zoned-time';
import { type AppointmentRow, createAppointmentsRepository } from './appointments.repository';
import { calendarFileOf } from './calendar';
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
 *   find the visit moved and send nothing) and when it is canceled.
 *
 * None goes out for a Canceled or No Show visit (but the cancellation notice). Bodies name the office, the
 * day, the time and the provider, never a diagnosis, a procedure or the type of visit (which can name an
 * insurance). Text messages follow with the SMS adapter; today only e-mail is sent.
 */
export const CONFIRMATION_JOB = 'appointment.confirmation';
export const REMINDER_JOB = 'appointment.reminder';
export const MOVED_JOB = 'appointment.moved';
export const CANCELED_JOB = 'appointment.canceled';
/** Quiet hours of text messages, office-local: none from 21:00 until 08:00. */
export const QUIET_HOURS = { from: '21:00', until: '08:00' } as const;

/**
 * A message job and its twin on the other channel: each kind goes by e-mail and by text, each only where the
 * patient allowed that channel (the handler decides when it runs, so a consent given or withdrawn in the
 * meantime counts).
 */
export function onEveryChannel(job: NewJob): NewJob[] {
  return [job, { ...job, key: `${job.key}:sms`, payload: { ...job.payload, channel: 'sms' } }];
}

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

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'Tuesday, December 22, 2026' for an office-local 'yyyy-mm-dd'. */
function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return LONG_DATE.format(new Date(Date.UTC(y, m - 1, d)));
}

const isLive = (row: AppointmentRow) => row.status !== 'Canceled' && row.status !== 'No Show';
const startsAtOf = (row: AppointmentRow) => new Date(row.starts_at).toISOString();

interface Draft {
  subject: string;
  /** The sentence about the visit after the greeting. */
  lead: string;
  attachCalendar: boolean;
}

/** The end of the quiet hours a moment falls in, office-local, or null outside them. */
export function quietHoursEnd(at: Date, timeZone: string): Date | null {
  const time = localTimeInZone(at, timeZone);
  if (time >= QUIET_HOURS.until && time < QUIET_HOURS.from) return null;
  const today = localDateInZone(at, timeZone);
  const day = time >= QUIET_HOURS.from ? addDays(today, 1) : today;
  return zonedWallTimeToInstant(day, QUIET_HOURS.until, timeZone);
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
        attachCalendar: false,
      };
    default:
      return `skipped: unknown kind ${job.kind}`;
  }
}

export function registerAppointmentMessages(runner: JobRunner, ctx: AppContext, now: () => Date): void {
  const repo = createAppointmentsRepository(ctx.db);

  async function send(job: ClaimedJob): Promise<string | { deferUntil: Date }> {
    const id = Number(job.payload.appointmentId);
    const row = Number.isSafeInteger(id) ? await repo.findById(id) : undefined;
    if (!row) return 'skipped: the appointment is gone';
    const when = `${longDate(row.appointment_date)} at ${formatTime12(slotKey(row.appointment_time))}`;
    const draft = draftFor(job, row, when);
    if (typeof draft === 'string') return draft;

    const contact = await repo.messageContact(row.patient_id);
    if (job.payload.channel === 'sms') {
      if (!contact?.allow_appointment_reminder_text) return 'suppressed: consent';
      const phone = contact.phone_number.trim();
      if (!phoneDigits(phone)) return 'suppressed: no phone number';
      const quietUntil = quietHoursEnd(now(), row.time_zone);
      if (quietUntil) {
        // A text that would arrive after the visit has started is not worth sending.
        if (quietUntil.getTime() >= new Date(row.starts_at).getTime())
          return 'skipped: quiet hours until the visit';
        return { deferUntil: quietUntil };
      }
      const outcome = await ctx.sms.send({
        to: phone,
        body: `${PRACTICE_NAME}: ${draft.lead} ${row.office_phone ? `Questions: ${row.office_phone}. ` : ''}Reply HELP for help, STOP to stop texts.`,
        idempotencyKey: job.key,
      });
      if (outcome === 'failed') throw new Error('the text message service did not take the message');
      return outcome;
    }
    if (!contact?.allow_appointment_reminder_email) return 'suppressed: consent';
    const to = contact.email?.trim();
    if (!to) return 'suppressed: no e-mail address';

    const manage = new URL('/dashboard/patient', ctx.config.publicUrl).toString();
    const text = [
      `Hello ${contact.first_name.trim() || 'there'},`,
      '',
      draft.lead,
      '',
      row.office_name,
      row.office_address,
      row.office_phone ? `Phone: ${row.office_phone}` : '',
      '',
      draft.attachCalendar ? 'The attached calendar file adds the visit to your calendar.' : '',
      `To see, move or cancel your visits, sign in: ${manage}`,
      '',
      `${PRACTICE_NAME} · ${PRACTICE_PHONE} · ${PRACTICE_EMAIL}`,
      'You receive this because you allowed appointment e-mails; you can turn them off on your dashboard.',
    ]
      .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
      .join('\n');
    const attachments: MailAttachment[] = draft.attachCalendar
      ? [
          {
            filename: `appointment-${row.id}.ics`,
            content: calendarFileOf(row, { now: now(), publicUrl: ctx.config.publicUrl }),
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : [];
    const outcome = await ctx.mailer.send({
      to,
      subject: draft.subject,
      text,
      ...(attachments.length > 0 ? { attachments } : {}),
      idempotencyKey: job.key,
    });
    // Retried with backoff by the queue; the outbox keeps the error for the staff.
    if (outcome === 'failed') throw new Error('the mail server did not take the message');
    return outcome;
  }

  for (const kind of APPOINTMENT_MESSAGE_KINDS) runner.handle(kind, send);
}
