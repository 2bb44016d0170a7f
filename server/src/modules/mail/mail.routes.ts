import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';

const OutboxMessage = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
});

const OutboxQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  unsent: Type.Optional(Type.Boolean()),
});

/** The mail outbox (docs/architecture.md, Mail): what was sent or is waiting, readable by admins. */
export const mailRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Mail still being handed to the SMTP server is finished before the app closes.
  app.addHook('onClose', async () => {
    await ctx.mailer.idle();
    ctx.mailer.close();
  });

  app.get(
    '/api/mail/outbox',
    {
      schema: { tags: ['mail'], querystring: OutboxQuery, response: { 200: Type.Array(OutboxMessage) } },
      config: { access: 'mail:read', audit: { action: 'read', resource: 'mail-outbox' } },
    },
    async (request) => {
      const rows = await ctx.mailer.outbox({
        limit: request.query.limit ?? 50,
        unsentOnly: request.query.unsent === true,
      });
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        createdAt: row.created_at.toISOString(),
        sentAt: row.sent_at ? row.sent_at.toISOString() : null,
        attempts: row.attempts,
        lastError: row.last_error,
      }));
    },
  );
};
