import { PRACTICE_EMAIL, PRACTICE_NAME, PRACTICE_PHONE } from '@clinic/contract/constants';
import type { AppContext } from '../../app-context';
import type { ClaimedJob, NewJob } from '../../platform/jobs';
import type { MailAttachment } from '../../platform/mail';
import { phoneDigits } from '../../platform/sms';
import {
  addDays,
  localDateInZone,
  localTimeInZone,
  zonedWallTimeToInstant,
} from '../../platform/time/zoned-time';
import { createMessagesRepository } from './messages.repository';

/**
 * How a message reaches a patient (issue 16), one rule for every kind (visits, authorizations): by e-mail or
 * by text, each only where the patient's consent of that kind allows it, read when the job runs (so a consent
 * given or withdrawn in the meantime counts); texts never in the office's quiet hours; each send under the
 * job's key, so a re-run never sends twice.
 */

/** Quiet hours of text messages, office-local: none from 21:00 until 08:00. */
export const QUIET_HOURS = { from: '21:00', until: '08:00' } as const;

/** The patient consents that govern messages: appointment or authorization reminders. */
export type MessageConsent = 'appointment' | 'authorization';

/**
 * A message job and its twin on the other channel: each kind goes by e-mail and by text, each only where the
 * patient allowed that channel (the handler decides when it runs).
 */
export function onEveryChannel(job: NewJob): NewJob[] {
  return [job, { ...job, key: `${job.key}:sms`, payload: { ...job.payload, channel: 'sms' } }];
}

/** The end of the quiet hours a moment falls in, office-local, or null outside them. */
export function quietHoursEnd(at: Date, timeZone: string): Date | null {
  const time = localTimeInZone(at, timeZone);
  if (time >= QUIET_HOURS.until && time < QUIET_HOURS.from) return null;
  const today = localDateInZone(at, timeZone);
  const day = time >= QUIET_HOURS.from ? addDays(today, 1) : today;
  return zonedWallTimeToInstant(day, QUIET_HOURS.until, timeZone);
}

export interface PatientMessage {
  patientId: number;
  consent: MessageConsent;
  /** The office's zone, whose quiet hours a text keeps. */
  timeZone: string;
  /** A text that quiet hours would hold until this moment or later is not worth sending (a visit's start). */
  textUseless?: Date;
  /** The outcome of a text skipped for that reason ('skipped: quiet hours until the visit' unless said). */
  textUselessOutcome?: string;
  /** The office phone a text names for questions. */
  officePhone?: string;
  subject: string;
  /** The sentence that says it all: the text message, and the e-mail after its greeting. */
  lead: string;
  /** The e-mail's lines after the lead ('' for a paragraph break). */
  details: readonly string[];
  attachments?: readonly MailAttachment[];
}

export type DeliveryOutcome = string | { deferUntil: Date };

export function createPatientDelivery(ctx: AppContext, now: () => Date) {
  const repo = createMessagesRepository(ctx.db);

  /** Sends a job's message to its patient on the job's channel, or says why not (the job's outcome). */
  return async function deliver(job: ClaimedJob, message: PatientMessage): Promise<DeliveryOutcome> {
    const contact = await repo.contact(message.patientId);
    const allowed =
      message.consent === 'appointment'
        ? { email: contact?.allow_appointment_reminder_email, text: contact?.allow_appointment_reminder_text }
        : {
            email: contact?.allow_authorization_reminder_email,
            text: contact?.allow_authorization_reminder_text,
          };

    if (job.payload.channel === 'sms') {
      if (!contact || !allowed.text) return 'suppressed: consent';
      const phone = contact.phone_number.trim();
      if (!phoneDigits(phone)) return 'suppressed: no phone number';
      const quietUntil = quietHoursEnd(now(), message.timeZone);
      if (quietUntil) {
        if (message.textUseless && quietUntil.getTime() >= message.textUseless.getTime()) {
          return message.textUselessOutcome ?? 'skipped: quiet hours until the visit';
        }
        return { deferUntil: quietUntil };
      }
      const questions = message.officePhone ? `Questions: ${message.officePhone}. ` : '';
      const outcome = await ctx.sms.send({
        to: phone,
        body: `${PRACTICE_NAME}: ${message.lead} ${questions}Reply HELP for help, STOP to stop texts.`,
        idempotencyKey: job.key,
      });
      if (outcome === 'failed') throw new Error('the text message service did not take the message');
      return outcome;
    }

    if (!contact || !allowed.email) return 'suppressed: consent';
    const to = contact.email.trim();
    if (!to) return 'suppressed: no e-mail address';
    const text = [
      `Hello ${contact.first_name.trim() || 'there'},`,
      '',
      message.lead,
      '',
      ...message.details,
      '',
      `${PRACTICE_NAME} · ${PRACTICE_PHONE} · ${PRACTICE_EMAIL}`,
      `You receive this because you allowed ${message.consent} e-mails; you can turn them off on your dashboard.`,
    ]
      .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
      .join('\n');
    const outcome = await ctx.mailer.send({
      to,
      subject: message.subject,
      text,
      ...(message.attachments && message.attachments.length > 0
        ? { attachments: [...message.attachments] }
        : {}),
      idempotencyKey: job.key,
    });
    // Retried with backoff by the queue; the outbox keeps the error for the staff.
    if (outcome === 'failed') throw new Error('the mail server did not take the message');
    return outcome;
  };
}
