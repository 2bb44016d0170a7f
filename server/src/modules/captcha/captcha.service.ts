import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  CaptchaChallenge,
  CaptchaFailureReason,
  CaptchaNewBody,
  CaptchaVerifyBody,
} from '@clinic/contract/captcha';
import { CAPTCHA_HEIGHT, CAPTCHA_TYPES, CAPTCHA_WIDTH } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import type { AppContext } from '../../app-context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { createCaptchaRepository } from './captcha.repository';
import { renderChallengePng } from './captcha-images';
import {
  type CaptchaAnswer,
  type CaptchaType,
  hintFor,
  isSolved,
  missingField,
  newAnswer,
  type SliderAnswer,
} from './captcha-puzzles';

/** A challenge must be solved within this time. */
export const CHALLENGE_TTL_MS = 2 * 60_000;

export const CAPTCHA_IMAGE_PATH = '/api/patientinfo/captcha/render';
export const CAPTCHA_IMAGE_FALLBACK_PATH = '/api/patientinfo/captcha/images';

const failed = (reason: CaptchaFailureReason, debug: boolean) =>
  new AppError(400, 'captcha_failed', MSG.captchaFailed, debug ? { reason } : undefined);

export function createCaptchaService(ctx: AppContext) {
  const repo = createCaptchaRepository(ctx.db);
  // A key of its own, derived from the app secret, so a challenge signature is never valid as anything else.
  const signingKey = createHmac('sha256', ctx.config.jwtSecret).update('captcha-challenge-v1').digest();
  const exposeSolutions = ctx.config.captchaTestSolutions && ctx.config.nodeEnv !== 'production';

  const sign = (id: string, type: string, expiresAt: Date) =>
    createHmac('sha256', signingKey).update(`${id}|${type}|${expiresAt.getTime()}`).digest('base64url');

  function signatureMatches(expected: string, given: string): boolean {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  return {
    async create(body: CaptchaNewBody): Promise<CaptchaChallenge> {
      const type: CaptchaType = body.type ?? (CAPTCHA_TYPES[randomInt(CAPTCHA_TYPES.length)] as CaptchaType);
      const answer = newAnswer(type);
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
      await repo.purgeOld();
      await repo.insert({ id, type, answer, expiresAt });
      return {
        challengeId: id,
        hmac: sign(id, type, expiresAt),
        type,
        payload: {
          width: CAPTCHA_WIDTH,
          height: CAPTCHA_HEIGHT,
          hint: hintFor(type, answer),
          imageUrl: `${CAPTCHA_IMAGE_PATH}/${id}.png`,
          ...(type === 'slider'
            ? { piece: { y: (answer as SliderAnswer).y, size: (answer as SliderAnswer).size } }
            : {}),
        },
        ...(exposeSolutions ? { testSolution: solutionOf(type, answer) } : {}),
      };
    },

    /**
     * Checks a solution. The signature must match, the challenge must be open, and it is used up by this
     * attempt whatever the outcome: a wrong answer deletes it, a right one keeps it as the record of the
     * pass. Resolves with the challenge id for the HPASS cookie; throws 400 captcha_failed otherwise.
     */
    async verify(body: CaptchaVerifyBody, debug: boolean): Promise<string> {
      const row = await repo.findById(body.challengeId);
      if (!row) throw failed('not_found', debug);
      if (!signatureMatches(sign(row.id, row.type, row.expires_at), body.hmac))
        throw failed('bad_signature', debug);
      const missing = missingField(row.type, body);
      if (missing) throw badRequest(`${missing} is required for a ${row.type} challenge`);
      if (!(await repo.consume(row.id))) {
        throw failed(row.used_at !== null ? 'already_used' : 'expired', debug);
      }
      if (!isSolved(row.type, row.answer as CaptchaAnswer, body)) {
        await repo.remove(row.id);
        throw failed('wrong_answer', debug);
      }
      return row.id;
    },

    /** The picture of an open challenge; 404 once it is used or expired. */
    async image(id: string): Promise<Buffer> {
      const row = await repo.findById(id);
      if (!row || row.used_at !== null || row.expires_at.getTime() <= Date.now()) throw notFound();
      return renderChallengePng(row.id, row.type, row.answer as CaptchaAnswer);
    },
  };
}

function solutionOf(type: CaptchaType, answer: CaptchaAnswer) {
  if (type === 'rotate' && 'angle' in answer) return { angle: answer.angle };
  if ('x' in answer) return type === 'click' ? { x: answer.x, y: answer.y } : { x: answer.x };
  return {};
}
