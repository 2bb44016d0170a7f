import { type Static, Type } from 'typebox';
import { PageLimit } from './common';

/**
 * The messages outbox (issue 16, ADMIN and MANAGER): every message the practice planned for a patient, with
 * what became of it, so the front office can answer "did I get a reminder?".
 *
 * GET /api/messages?status=&patientId=&due=&cursor=&limit= answers a plain array in order of due time, the
 * next page in a `Link` header (`cursor` = the last message's due time and id): the latest due first, or,
 * for a window of time (`due=today`, `due=next-24h`), in the order they go out, so it answers "what goes out
 * today" (issue 28).
 */

export const MESSAGE_PAGE_MAX = 100;

/** What became of a message, in the staff's words. */
export const MESSAGE_STATUSES = ['scheduled', 'retrying', 'sent', 'suppressed', 'skipped', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  scheduled: 'Scheduled',
  retrying: 'Retrying',
  sent: 'Sent',
  suppressed: 'Not sent (consent)',
  skipped: 'Not needed',
  failed: 'Failed',
};

/** The kinds of message, in the staff's words: the outbox lists these kinds of job. */
export const MESSAGE_KIND_LABELS: Record<string, string> = {
  'appointment.confirmation': 'Booking confirmation',
  'appointment.reminder': 'Visit reminder',
  'appointment.moved': 'Visit moved',
  'appointment.canceled': 'Visit canceled',
  'authorization.low-visits': 'Authorization: few visits left',
  'authorization.ending': 'Authorization ending',
  'waitlist.offer': 'Waitlist offer',
};

/** How a message goes: to the patient by e-mail or text, or a copy to the front desk's inbox. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'front-desk'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: 'E-mail',
  sms: 'Text',
  'front-desk': 'Front desk e-mail',
};

/** A window of due times: the practice's today, or the 24 hours from now. */
export const MESSAGE_DUE_WINDOWS = ['today', 'next-24h'] as const;
export type MessageDueWindow = (typeof MESSAGE_DUE_WINDOWS)[number];

export const MESSAGE_DUE_WINDOW_LABELS: Record<MessageDueWindow, string> = {
  today: 'Today',
  'next-24h': 'Next 24 hours',
};

const MessageStatusSchema = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('retrying'),
  Type.Literal('sent'),
  Type.Literal('suppressed'),
  Type.Literal('skipped'),
  Type.Literal('failed'),
]);

export const MessagesQuery = Type.Object({
  status: Type.Optional(MessageStatusSchema),
  patientId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  due: Type.Optional(Type.Union([Type.Literal('today'), Type.Literal('next-24h')])),
  /** The previous page's Link header gives it; opaque to clients. */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  limit: PageLimit(MESSAGE_PAGE_MAX),
});
export type MessagesQuery = Static<typeof MessagesQuery>;

export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('front-desk')]),
  status: MessageStatusSchema,
  /** Why it was not sent, or what the mail server said when it failed; null otherwise. */
  detail: Type.Union([Type.String(), Type.Null()]),
  patientId: Type.Union([Type.Integer(), Type.Null()]),
  patientName: Type.Union([Type.String(), Type.Null()]),
  appointmentId: Type.Union([Type.Integer(), Type.Null()]),
  /** The time zone of the office, to show times as the patient reads them; null when none is known. */
  timeZone: Type.Union([Type.String(), Type.Null()]),
  /** When it is (or was) due, and when it was settled (ISO instants). */
  dueAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer(),
});
export type OutboxMessage = Static<typeof OutboxMessage>;

export const OutboxMessages = Type.Array(OutboxMessage, { maxItems: MESSAGE_PAGE_MAX });

/** The staff's status of a job: its state and outcome in words (one rule for the server and the tests). */
export function messageStatusOf(job: {
  state: string;
  attempts: number;
  outcome: string | null;
}): MessageStatus {
  if (job.state === 'failed') return 'failed';
  if (job.state === 'queued' || job.state === 'running') return job.attempts > 0 ? 'retrying' : 'scheduled';
  if (job.outcome?.startsWith('suppressed')) return 'suppressed';
  if (job.outcome?.startsWith('skipped')) return 'skipped';
  return 'sent';
}
