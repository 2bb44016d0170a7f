import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PRACTICE_NAME } from '@clinic/contract/constants';
import {
  PASSWORD_MIN_LENGTH,
  RESET_CODE_LENGTH,
  type VerifyCodeBody,
} from '@clinic/contract/patient-registration';
import type { AppContext } from '../../app-context';
import { hashPassword } from '../../platform/auth/passwords';
import { AppError, badRequest } from '../../platform/errors';
import { createPatientRegistrationRepository } from './patient-registration.repository';

export const RESET_CODE_TTL_MS = 10 * 60_000;
/** Guesses allowed per code. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Codes issued per account in RESET_REQUEST_WINDOW_MS; further requests are answered alike and send nothing. */
export const RESET_REQUESTS_PER_WINDOW = 3;
export const RESET_REQUEST_WINDOW_MS = 15 * 60_000;

/** Said for every request, whether or not the username exists. */
export const RESET_REQUESTED_MESSAGE =
  'If an account with that username exists, a verification code has been sent to its email address.';
export const RESET_DONE_MESSAGE = 'Your password has been reset.';
export const INVALID_CODE_MESSAGE = 'The code is not valid or has expired. Please request a new code.';

const invalidCode = () => new AppError(400, 'invalid_code', INVALID_CODE_MESSAGE);

export function createPasswordResetService(ctx: AppContext) {
  const repo = createPatientRegistrationRepository(ctx.db);
  // Codes are stored as keyed hashes: a copy of the table alone does not give them away.
  const key = createHmac('sha256', ctx.config.jwtSecret).update('password-reset-code-v1').digest();
  const hashCode = (userId: number, code: string) =>
    createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');

  return {
    /** Issues a code and e-mails it in the background; the answer is the same for every username. */
    async requestReset(username: string): Promise<{ userId: number | null }> {
      const account = await repo.findPatientAccount(username.trim());
      if (!account) return { userId: null };
      if ((await repo.countCodesSince(account.id, RESET_REQUEST_WINDOW_MS)) >= RESET_REQUESTS_PER_WINDOW) {
        return { userId: account.id };
      }
      const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
      await repo.issueCode(account.id, hashCode(account.id, code), new Date(Date.now() + RESET_CODE_TTL_MS));
      ctx.mailer.sendInBackground({
        to: account.email,
        subject: `Your ${PRACTICE_NAME} verification code`,
        text: [
          `Hello ${account.first_name},`,
          '',
          `Your verification code is ${code}.`,
          'It is valid for 10 minutes and can be used once.',
          '',
          'If you did not ask to reset your password, you can ignore this message: your password stays as it is.',
          '',
          PRACTICE_NAME,
        ].join('\n'),
      });
      return { userId: account.id };
    },

    /** Checks the newest open code of the account and sets the new password; every session is revoked. */
    async verifyCode(body: VerifyCodeBody): Promise<{ userId: number }> {
      if (body.newPassword.length < PASSWORD_MIN_LENGTH || body.newPassword.trim() === '') {
        throw badRequest('newPassword must be at least 8 characters');
      }
      const code = body.code.trim();
      if (!new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(code)) throw invalidCode();
      const account = await repo.findPatientAccount(body.username.trim());
      if (!account) throw invalidCode();
      const open = await repo.takeGuess(account.id, RESET_CODE_MAX_ATTEMPTS);
      if (!open) throw invalidCode();
      const expected = Buffer.from(open.code_hash);
      const given = Buffer.from(hashCode(account.id, code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCode();
      const passwordHash = await hashPassword(body.newPassword);
      if (!(await repo.resetPassword(open.id, account.id, passwordHash))) throw invalidCode();
      await ctx.sessions.sync(); // the revoked sessions are refused here from the answer on
      return { userId: account.id };
    },
  };
}
