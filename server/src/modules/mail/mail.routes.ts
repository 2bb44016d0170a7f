import { type MailOutboxMessage, MailOutboxMessages, MailOutboxQuery } from '@clinic/contract/mail-outbox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';

/** The mail outbox (docs/architecture.md, Mail): what was sent or is waiting, e-mails and texts, readable by admins. */
export const mailRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Mail still being handed to the SMTP server is finished before the app closes.
  app.addHook('onClose', async () => {
    await ctx.mailer.idle();
    ctx.mailer.close();
  });

  app.get(
    '/api/mail/outbox',
    {
      schema: { tags: ['mail'], querystring: MailOutboxQuery, response: { 200: MailOutboxMessages } },
      config: { access: 'mail:read', audit: { action: 'read', resource: 'mail-outbox' } },
    },
    async (request) => {
      const rows = await ctx.mailer.outbox({
        limit: request.query.limit ?? 50,
        unsentOnly: request.query.unsent === true,
      });
      return rows.map(
        (row): MailOutboxMessage => ({
          id: row.id,
          // A text is said to be one: its empty subject would make it read as an e-mail (issue 28).
          channel: row.channel,
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          createdAt: row.created_at.toISOString(),
          sentAt: row.sent_at ? row.sent_at.toISOString() : null,
          attempts: row.attempts,
          lastError: row.last_error,
        }),
      );
    },
  );
};
