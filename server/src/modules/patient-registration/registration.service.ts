import { WELCOME_POINTS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import {
  type RegistrationBody,
  type RegistrationResponse,
  validateRegistration,
} from '@clinic/contract/patient-registration';
import type { AppContext } from '../../app-context';
import type { WriteAudit } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/passwords';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
} from '../../platform/errors';
import { spendHumanPass } from '../../platform/human-pass';
import { changePoints, ensurePointsBank } from '../points/points-ledger';
import { type AntiBotSignals, judgeRegistration } from './anti-bot';
import { createPatientRegistrationRepository } from './patient-registration.repository';

const captchaRequired = () =>
  forbidden('Please complete the captcha to finish registering.', { action: 'captcha_required' });

/** Today in the earliest time zone on Earth (UTC+14): no one's real birthday is refused as "in the future". */
function latestToday(now: number = Date.now()): string {
  return new Date(now + 14 * 3600_000).toISOString().slice(0, 10);
}

export interface RegistrationRequest {
  body: RegistrationBody;
  signals: Omit<AntiBotSignals, 'honeypotField'>;
  /** The challenge id of a valid HPASS cookie, or null. */
  humanPass: string | null;
  /** Staff registering a patient at the desk are known; they are not asked for a captcha. */
  captchaExempt: boolean;
}

export function createRegistrationService(ctx: AppContext) {
  const repo = createPatientRegistrationRepository(ctx.db);

  return {
    /**
     * Registers a patient (spec §5): anti-bot checks, field rules, captcha pass, duplicates; then, in one
     * transaction, the patient, the PATIENT account, the communication preferences, the points bank (0) and
     * the 5 welcome points as one ledger entry, spending the captcha pass.
     */
    async register(input: RegistrationRequest, audit: WriteAudit): Promise<RegistrationResponse> {
      const verdict = judgeRegistration({ ...input.signals, honeypotField: input.body.honeypot });
      if (verdict === 'honeypot') throw badRequest(MSG.submissionRejected);
      if (verdict === 'too_fast') throw badRequest(MSG.reviewDetails);

      const check = validateRegistration(input.body, { today: latestToday(), checkPasswordLength: true });
      if (!check.ok) throw badRequest(Object.values(check.errors)[0] ?? 'The registration is not valid.');
      const registration = check.value;

      // The captcha comes before the duplicate checks, so that no one can test e-mail addresses in bulk.
      if (!input.captchaExempt && !input.humanPass) throw captchaRequired();
      if (await repo.usernameTaken(registration.username)) throw conflict(MSG.duplicateUsername);
      if (await repo.emailTaken(registration.email)) throw conflict(MSG.duplicateEmail);

      const passwordHash = await hashPassword(registration.password);
      try {
        const created = await ctx.db.transaction().execute(async (trx) => {
          if (!input.captchaExempt && input.humanPass && !(await spendHumanPass(trx, input.humanPass))) {
            throw captchaRequired();
          }
          const ids = await repo.insertPatientWithAccount(trx, { ...registration, passwordHash });
          const bankId = await ensurePointsBank(trx, ids.patientId);
          const welcome = await changePoints(trx, {
            pointsBankId: bankId,
            delta: WELCOME_POINTS,
            reason: 'welcome',
          });
          if (welcome.outcome !== 'applied')
            throw new Error(`welcome points not applied: ${welcome.outcome}`);
          await audit.commit(trx, ids.patientId, ids.patientId);
          return { ...ids, totalPoints: welcome.balanceAfter };
        });
        return {
          success: true,
          message: MSG.registrationSuccessful,
          patientId: created.patientId,
          username: registration.username,
          totalPoints: created.totalPoints,
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Two registrations racing for one name or address: the unique indexes decide.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
          const constraint = pgConstraint(error) ?? '';
          if (constraint.includes('email')) throw conflict(MSG.duplicateEmail);
          if (constraint.includes('username')) throw conflict(MSG.duplicateUsername);
          if (await repo.emailTaken(registration.email)) throw conflict(MSG.duplicateEmail);
          throw conflict(MSG.duplicateUsername);
        }
        throw error;
      }
    },
  };
}
