import {
  MESSAGE_PAGE_MAX,
  type MessageStatus,
  MessagesQuery,
  messageStatusOf,
  type OutboxMessage,
  OutboxMessages,
} from '@clinic/contract/messages-outbox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { pageByKey, sendKeyPage } from '../../platform/key-paging';
import { APPOINTMENT_MESSAGE_KINDS } from '../appointments/appointment-messages';
import { fullName } from '../appointments/names';
import { createMessagesRepository } from './messages.repository';

/** Why a message was not sent, or what its sending said, in the staff's words. */
function detailOf(
  status: MessageStatus,
  channel: 'email' | 'sms',
  outcome: string | null,
  lastError: string | null,
): string | null {
  if (status === 'failed' || status === 'retrying') return lastError;
  if (outcome === 'queued') {
    return channel === 'sms'
      ? 'Kept in the outbox: no text message service is configured.'
      : 'Kept in the mail outbox: no mail server is configured.';
  }
  if (outcome === 'suppressed: consent') {
    return `The patient has not allowed appointment ${channel === 'sms' ? 'texts' : 'e-mails'}.`;
  }
  if (outcome === 'suppressed: no e-mail address') return 'There is no e-mail address on file.';
  if (outcome === 'suppressed: no phone number') return 'There is no phone number on file.';
  if (outcome === 'skipped: quiet hours until the visit') return 'Quiet hours lasted until the visit.';
  if (outcome?.startsWith('skipped: the visit has moved'))
    return 'The visit moved; its new time has its own.';
  if (outcome === 'skipped: Canceled') return 'The visit was canceled.';
  if (outcome === 'skipped: No Show') return 'The visit was marked No Show.';
  if (outcome?.startsWith('skipped')) return 'The visit no longer needed it.';
  return null;
}

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
      const { status, patientId, before, limit = 50 } = request.query;
      const page = await pageByKey(
        { before, limit: Math.min(limit, MESSAGE_PAGE_MAX) },
        (after, take) => repo.page({ kinds: APPOINTMENT_MESSAGE_KINDS, status, patientId }, after, take),
        (row) => Number(row.id),
      );
      const items: OutboxMessage[] = page.items.map((row) => {
        const shown = messageStatusOf(row);
        const channel = row.channel === 'sms' ? 'sms' : 'email';
        return {
          id: Number(row.id),
          kind: row.kind,
          channel,
          status: shown,
          detail: detailOf(shown, channel, row.outcome, row.last_error),
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
      return sendKeyPage(request, reply, { ...page, items });
    },
  );
};
