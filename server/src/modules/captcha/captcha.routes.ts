import {
  CaptchaChallenge,
  CaptchaImageParams,
  CaptchaNewBody,
  CaptchaVerifyBody,
  CaptchaVerifyQuery,
  CaptchaVerifyResponse,
} from '@clinic/contract/captcha';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { issueHumanPass } from '../../platform/human-pass';
import { perAddressRateLimit } from '../../platform/rate-limit';
import { CAPTCHA_IMAGE_FALLBACK_PATH, CAPTCHA_IMAGE_PATH, createCaptchaService } from './captcha.service';

const tags = ['captcha'];
const TEN_MINUTES = 10 * 60_000;

/** The captcha calls of spec §7: new challenge, verify (sets HPASS), and the challenge's picture. */
export const captchaRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createCaptchaService(ctx);

  app.post(
    '/api/patientinfo/captcha/new',
    {
      schema: { tags, body: CaptchaNewBody, response: { 200: CaptchaChallenge } },
      config: { access: 'public', rateLimit: perAddressRateLimit(30, TEN_MINUTES) },
      // Both fields are optional, so a call without any body is a call with an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => service.create(request.body),
  );

  app.post(
    '/api/patientinfo/captcha/verify',
    {
      schema: {
        tags,
        querystring: CaptchaVerifyQuery,
        body: CaptchaVerifyBody,
        response: { 200: CaptchaVerifyResponse },
      },
      config: { access: 'public', rateLimit: perAddressRateLimit(30, TEN_MINUTES) },
    },
    async (request, reply) => {
      const challengeId = await service.verify(request.body, request.query.debug === '1');
      issueHumanPass(reply, challengeId);
      return { success: true };
    },
  );

  // The spec's picture path and its fallback serve the same picture (docs/decisions/0020-captcha.md).
  for (const base of [CAPTCHA_IMAGE_PATH, CAPTCHA_IMAGE_FALLBACK_PATH]) {
    app.get(
      `${base}/:file`,
      {
        schema: {
          tags,
          params: CaptchaImageParams,
          response: {
            200: {
              description: "The challenge's picture",
              content: { 'image/png': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
            },
          },
        },
        config: { access: 'public', rateLimit: perAddressRateLimit(120, TEN_MINUTES) },
      },
      async (request, reply) => {
        const png = await service.image(request.params.file.slice(0, -'.png'.length));
        return reply.type('image/png').header('cache-control', 'no-store').send(png);
      },
    );
  }
};
