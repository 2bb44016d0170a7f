import { PRACTICE_EMAIL, PRACTICE_NAME, PRACTICE_PHONE } from '@clinic/contract/constants';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { writeAuditOf } from '../../platform/audit';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { isValidTwilioSignature, phoneDigits } from '../../platform/sms';
import { createSmsRepository } from './sms.repository';

/** The keywords carriers and Twilio honour, as the Terms page promises (STOP, START, HELP). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

export const SMS_REPLIES = {
  stopped: `${PRACTICE_NAME}: you will receive no more texts from us. Reply START to receive appointment texts again.`,
  started: `${PRACTICE_NAME}: appointment texts are on again. Reply HELP for help, STOP to stop.`,
  help: `${PRACTICE_NAME}: call ${PRACTICE_PHONE} or write to ${PRACTICE_EMAIL}. Reply STOP to stop texts.`,
} as const;

/** A TwiML answer: one text back to the sender, or none. */
function twiml(reply: string | null): string {
  const escaped = reply?.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${escaped ? `<Message>${escaped}</Message>` : ''}</Response>`;
}

const InboundText = Type.Object({
  From: Type.String({ minLength: 1, maxLength: 40 }),
  Body: Type.String({ maxLength: 2000 }),
});

/**
 * POST /api/sms/inbound (issue 16): Twilio's webhook for texts sent to the practice's number. Its signature
 * is checked against TWILIO_AUTH_TOKEN and PUBLIC_URL; STOP turns off every text preference of the patients
 * of that number (confirmed once), START turns appointment texts back on, HELP answers with the practice's
 * contacts. A bad signature, an unknown number or a malformed body is a 4xx and changes nothing.
 */
export const smsRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repo = createSmsRepository(ctx.db);

  // Twilio posts forms; only this plugin reads them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/api/sms/inbound',
    {
      schema: {
        tags: ['sms'],
        body: InboundText,
        response: {
          200: {
            description: 'TwiML: the reply text, if any',
            content: { 'text/xml': { schema: Type.String() } },
          },
        },
      },
      config: { access: 'public', audit: { action: 'update', resource: 'patient-permissions' } },
    },
    async (request, reply) => {
      const twilio = ctx.config.twilio;
      if (!twilio) throw new AppError(404, 'sms_not_configured', 'Text messages are not configured.');
      const params = Object.fromEntries(
        Object.entries(request.body as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
      const url = new URL(request.url, ctx.config.publicUrl).toString();
      const signature = request.headers['x-twilio-signature'];
      if (
        !isValidTwilioSignature(
          twilio.authToken,
          url,
          params,
          typeof signature === 'string' ? signature : undefined,
        )
      ) {
        throw forbidden('The request signature is not valid.');
      }
      const digits = phoneDigits(request.body.From);
      if (!digits) throw badRequest('From is not a phone number.');
      const word = request.body.Body.trim().toUpperCase();
      const audit = writeAuditOf(request);

      const answer = await repo.transaction(async (trx) => {
        const patients = await repo.patientsOfPhone(digits, trx);
        if (patients.length === 0) throw notFound('No patient has this phone number.');
        if (STOP_WORDS.has(word)) {
          const wasOn = patients.some(
            (p) =>
              p.allow_promotion_text ||
              p.allow_appointment_reminder_text ||
              p.allow_authorization_reminder_text,
          );
          if (!wasOn) {
            audit.unchanged();
            return null; // confirmed once already
          }
          for (const p of patients) {
            await repo.setTextPreferences(trx, p.id, {
              allow_promotion_text: false,
              allow_appointment_reminder_text: false,
              allow_authorization_reminder_text: false,
            });
            await audit.commit(trx, p.id, p.id);
          }
          return SMS_REPLIES.stopped;
        }
        if (START_WORDS.has(word)) {
          for (const p of patients) {
            await repo.setTextPreferences(trx, p.id, { allow_appointment_reminder_text: true });
            await audit.commit(trx, p.id, p.id);
          }
          return SMS_REPLIES.started;
        }
        audit.unchanged();
        return HELP_WORDS.has(word) ? SMS_REPLIES.help : null;
      });
      return reply.type('text/xml; charset=utf-8').send(twiml(answer));
    },
  );
};
