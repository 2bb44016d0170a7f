import {
  ANTI_BOT_HEADERS,
  MessageResponse,
  RegistrationBody,
  RegistrationResponse,
  RequestResetBody,
  VerifyCodeBody,
} from '@clinic/contract/patient-registration';
import { can } from '@clinic/contract/permissions';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { type AuditAccount, auditAccount, writeAuditOf } from '../../platform/audit';
import { clearHumanPass, readHumanPass } from '../../platform/human-pass';
import { perAddressRateLimit } from '../../platform/rate-limit';
import {
  createPasswordResetService,
  RESET_DONE_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from './password-reset.service';
import { createRegistrationService } from './registration.service';

const tags = ['patients'];
const MINUTE = 60_000;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
};

/** A reset is only ever for a patient account (spec §5); the username is the one that was typed. */
const resetAccount = (username: string, userId: number | null): AuditAccount => ({
  userId,
  username: username.trim(),
  role: userId === null ? null : 'PATIENT',
});

/** Patient self-registration and password reset (spec §5, §7 Patient info). */
export const patientRegistrationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const registration = createRegistrationService(ctx);
  const reset = createPasswordResetService(ctx);

  app.post(
    '/api/patientinfo/register/credentials',
    {
      schema: { tags, body: RegistrationBody, response: { 201: RegistrationResponse } },
      config: {
        access: 'public',
        audit: { action: 'create', resource: 'patient' },
        // Per address; staff registering patients at a clinic's desk share an address, so they count per account.
        rateLimit: perAddressRateLimit(20, 10 * MINUTE, {
          keyGenerator: (request) =>
            request.actor && can(request.actor.role, 'patient:register')
              ? `staff:${request.actor.userId}`
              : request.ip,
        }),
      },
    },
    async (request, reply) => {
      const result = await registration.register(
        {
          body: request.body,
          signals: {
            honeypotHeader: header(request, ANTI_BOT_HEADERS.honeypot),
            formStart: header(request, ANTI_BOT_HEADERS.formStart),
            pageElapsed: header(request, ANTI_BOT_HEADERS.pageElapsed),
          },
          humanPass: readHumanPass(request),
          captchaExempt: can(request.actor?.role, 'patient:register'),
        },
        writeAuditOf(request),
      );
      clearHumanPass(reply);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/patientinfo/request-reset',
    {
      schema: { tags, body: RequestResetBody, response: { 200: MessageResponse } },
      config: {
        access: 'public',
        audit: { action: 'reset', resource: 'password-reset-code' },
        rateLimit: perAddressRateLimit(10, 15 * MINUTE),
      },
    },
    async (request) => {
      // The row names the account when it exists; the answer never tells.
      const { userId } = await reset.requestReset(request.body.username);
      auditAccount(request, resetAccount(request.body.username, userId));
      return { success: true, message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/api/patientinfo/verify-code',
    {
      schema: { tags, body: VerifyCodeBody, response: { 200: MessageResponse } },
      config: {
        access: 'public',
        audit: { action: 'reset', resource: 'patient-password' },
        rateLimit: perAddressRateLimit(20, 15 * MINUTE),
      },
    },
    async (request) => {
      auditAccount(request, resetAccount(request.body.username, null));
      const { userId } = await reset.verifyCode(request.body);
      auditAccount(request, resetAccount(request.body.username, userId));
      return { success: true, message: RESET_DONE_MESSAGE };
    },
  );
};
