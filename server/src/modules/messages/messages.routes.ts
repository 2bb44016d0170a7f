import {
  MESSAGE_CHANNELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_PAGE_MAX,
  type MessageChannel,
  type MessageDueWindow,
  type MessageStatus,
  MessagesQuery,
  messageStatusOf,
  type OutboxMessage,
  OutboxMessages,
} from '@clinic/contract/messages-outbox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { instantIdCursor, pageByCursor, sendCursorPage } from '../../platform/key-paging';
import { addDays, localDateInZone, zonedWallTimeToInstant } from '../../platform/time/zoned-time';
import { fullName } from '../appointments/names';
import { createMessagesRepository } from './messages.repository';

/** Why a message was not sent, or what its sending said, in the staff's words. */
function detailOf(
  kind: string,
  status: MessageStatus,
  channel: MessageChannel,
  outcome: string | null,
  lastError: string | null,
): string | null {
  if (status === 'failed' || status === 'retrying') return lastError;
  const about = kind.startsWith('authorization.') ? 'authorization' : 'appointment';
  if (outcome === 'queued') {
    return channel === 'sms'
      ? 'Kept in the outbox: no text message service is configured.'
      : 'Kept in the mail outbox: no mail server is configured.';
  }
  if (outcome === 'suppressed: consent') {
    return `The patient has not allowed ${about} ${channel === 'sms' ? 'texts' : 'e-mails'}.`;
  }
  if (outcome === null) return null;
  return OUTCOME_DETAILS[outcome] ?? (outcome.startsWith('skipped') ? 'No longer needed.' : null);
}

/** The staff's words for the reasons a handler gives (appointment-messages, authorization-notices). */
const OUTCOME_DETAILS: Record<string, string> = {
  'suppressed: no e-mail address': 'There is no e-mail address on file.',
  'suppressed: no phone number': 'There is no phone number on file.',
  'skipped: quiet hours until the visit': 'Quiet hours lasted until the visit.',
  'skipped: the visit has moved': 'The visit moved; its new time has its own.',
  'skipped: the visit has moved again': 'The visit moved; its new time has its own.',
  'skipped: Canceled': 'The visit was canceled.',
  'skipped: No Show': 'The visit was marked No Show.',
  'skipped: the appointment is gone': 'The visit was deleted.',
  'skipped: inactive': 'The authorization was made inactive.',
  'skipped: ended': 'The authorization had ended.',
  'skipped: enough visits left': 'The authorization has more visits left now.',
  'skipped: the visits changed': 'The authorized visits changed.',
  'skipped: the end date changed': 'The end date changed; the new one has its own.',
  'skipped: the authorization changed': 'The authorization changed; it was planned again.',
  'skipped: the authorization is gone': 'The authorization was deleted.',
  'skipped: quiet hours until the offer ended': 'Quiet hours lasted until the offer ended.',
  'skipped: the offer was taken': 'The patient had already booked the time.',
  'skipped: the offer has ended': 'The offer had ended (run out, declined or left).',
  'skipped: the offer is gone': 'The waitlist entry was deleted.',
};

/** The due times of a window: the practice's today (its calendar's midnight to midnight), or the next 24 h. */
function dueWindow(window: MessageDueWindow, now: Date, timeZone: string): { from: Date; to: Date } {
  if (window === 'next-24h') return { from: now, to: new Date(now.getTime() + 86_400_000) };
  const today = localDateInZone(now, timeZone);
  return {
    from: zonedWallTimeToInstant(today, '00:00', timeZone),
    to: zonedWallTimeToInstant(addDays(today, 1), '00:00', timeZone),
  };
}

/** Every kind of job the outbox lists: those with a label. */
const MESSAGE_KINDS = Object.keys(MESSAGE_KIND_LABELS);

/** GET /api/messages (issue 16): the messages outbox, for managers and administrators. */
export const messageRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repo = createMessagesRepository(ctx.db);

  app.get(
    '/api/messages',
    {
      schema: { tags: ['messages'], querystring: MessagesQuery, response: { 200: OutboxMessages } },
      // The answer names its patients; the audit hook records them.
      config: { access: 'message:read', audit: { action: 'read', resource: 'message' } },
    },
    async (request, reply) => {
      const { status, patientId, due, cursor, limit = 50 } = request.query;
      const window = due ? dueWindow(due, new Date(), ctx.config.practiceTimeZone) : undefined;
      const page = await pageByCursor(
        { cursor, limit: Math.min(limit, MESSAGE_PAGE_MAX) },
        instantIdCursor,
        (after, take) => repo.page({ kinds: MESSAGE_KINDS, status, patientId, window }, after, take),
        (row) => ({ at: new Date(row.run_at), id: Number(row.id) }),
      );
      const items: OutboxMessage[] = page.items.map((row) => {
        const shown = messageStatusOf(row);
        const channel = MESSAGE_CHANNELS.find((c) => c === row.channel) ?? 'email';
        return {
          id: Number(row.id),
          kind: row.kind,
          channel,
          status: shown,
          detail: detailOf(row.kind, shown, channel, row.outcome, row.last_error),
          patientId: row.patient_id,
          patientName:
            row.patient_first_name === null
              ? null
              : fullName(row.patient_first_name, row.patient_last_name ?? ''),
          appointmentId: row.appointment_id,
          timeZone: row.time_zone,
          dueAt: new Date(row.run_at).toISOString(),
          finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
          attempts: row.attempts,
        };
      });
      return sendCursorPage(request, reply, { ...page, items });
    },
  );
};
