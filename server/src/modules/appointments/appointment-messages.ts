import { PRACTICE_EMAIL, PRACTICE_NAME, PRACTICE_PHONE } from '@clinic/contract/constants';
import { formatTime12 } from '@clinic/contract/office-hours';
import type { AppContext } from '../../app-context';
import type { JobRunner, NewJob } from '../../platform/jobs';
import { createAppointmentsRepository } from './appointments.repository';
import { calendarFileOf } from './calendar';
import { fullName } from './names';
import { slotKey } from './slots';

/**
 * Messages about a patient's visits (issue 16), sent by the job queue after the change that causes them has
 * committed, only on the channels the patient allowed (patient permissions), each at most once.
 *
 * Bodies name the office, the day, the time and the provider, never a diagnosis, a procedure or the type of
 * visit (which can name an insurance).
 */
export const CONFIRMATION_JOB = 'appointment.confirmation';

/** The confirmation of a new booking: one per appointment, whoever booked it. */
export function confirmationJob(appointmentId: number): NewJob {
  return {
    kind: CONFIRMATION_JOB,
    key: `appointment:${appointmentId}:confirmation`,
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

export function registerAppointmentMessages(runner: JobRunner, ctx: AppContext, now: () => Date): void {
  const repo = createAppointmentsRepository(ctx.db);

  runner.handle(CONFIRMATION_JOB, async (job) => {
    const id = Number(job.payload.appointmentId);
    const row = Number.isSafeInteger(id) ? await repo.findById(id) : undefined;
    if (!row) return 'skipped: the appointment is gone';
    if (row.status === 'Canceled' || row.status === 'No Show') return `skipped: ${row.status}`;
    const contact = await repo.messageContact(row.patient_id);
    if (!contact?.allow_appointment_reminder_email) return 'suppressed: consent';
    const to = contact.email?.trim();
    if (!to) return 'suppressed: no e-mail address';

    const when = `${longDate(row.appointment_date)} at ${formatTime12(slotKey(row.appointment_time))}`;
    const doctor = fullName(row.doctor_first_name, row.doctor_last_name);
    const manage = new URL('/dashboard/patient', ctx.config.publicUrl).toString();
    const text = [
      `Hello ${contact.first_name.trim() || 'there'},`,
      '',
      `Your visit is booked: ${when} (${row.office_name} local time) with ${doctor}.`,
      '',
      `${row.office_name}`,
      row.office_address,
      row.office_phone ? `Phone: ${row.office_phone}` : '',
      '',
      'The attached calendar file adds the visit to your calendar.',
      `To see, move or cancel your visits, sign in: ${manage}`,
      '',
      `${PRACTICE_NAME} · ${PRACTICE_PHONE} · ${PRACTICE_EMAIL}`,
      'You receive this because you allowed appointment e-mails; you can turn them off on your dashboard.',
    ]
      .filter((line, i, lines) => line !== '' || lines[i - 1] !== '')
      .join('\n');

    const outcome = await ctx.mailer.send({
      to,
      subject: `Your visit on ${when} is booked`,
      text,
      attachments: [
        {
          filename: `appointment-${row.id}.ics`,
          content: calendarFileOf(row, { now: now(), publicUrl: ctx.config.publicUrl }),
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
      idempotencyKey: job.key,
    });
    // Retried with backoff by the queue; the outbox keeps the error for the staff.
    if (outcome === 'failed') throw new Error('the mail server did not take the message');
    return outcome;
  });
}
