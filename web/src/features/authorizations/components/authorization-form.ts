import { authorizationDatesRefusal } from '@clinic/contract/authorization-rules';
import type { AuthorizationBody, PatientAuthorization } from '@clinic/contract/authorizations';
import { MSG } from '@clinic/contract/messages';

/**
 * The fields of an authorization as the register form and the dashboard's edit mode hold them (spec §3
 * Patient authorization), their checks (§5) and the body they send.
 */
export interface ChosenInsuranceRecord {
  insptId: number;
  name: string;
}

export interface AuthorizationFormValues {
  insurance: ChosenInsuranceRecord | null;
  referredBy: string;
  authCode: string;
  dayStart: string;
  dayEnd: string;
  /** Empty: no number of visits was authorized. */
  visits: string;
  /** Empty: no weekly limit. */
  weeklyVisitLimit: string;
  active: 'Yes' | 'No';
}

export const EMPTY_AUTHORIZATION_FORM: AuthorizationFormValues = {
  insurance: null,
  referredBy: '',
  authCode: '',
  dayStart: '',
  dayEnd: '',
  visits: '',
  weeklyVisitLimit: '',
  active: 'Yes',
};

/** The most visits one field accepts: a typo such as 1000 visits a week is caught before it is saved. */
export const VISITS_MAX = 999;

export type AuthorizationFormErrors = Partial<
  Record<'dates' | 'dayEnd' | 'visits' | 'weeklyVisitLimit', string>
>;

function wholeNumberIn(text: string, min: number): boolean {
  if (!/^\d+$/.test(text.trim())) return false;
  const value = Number(text);
  return value >= min && value <= VISITS_MAX;
}

export function validateAuthorizationForm(values: AuthorizationFormValues): AuthorizationFormErrors {
  const errors: AuthorizationFormErrors = {};
  const refusal = authorizationDatesRefusal(values.dayStart || null, values.dayEnd || null);
  // Missing dates is the spec's form-level message; dates out of order belong to the end date.
  if (refusal === MSG.selectStartAndEnd) errors.dates = refusal;
  else if (refusal) errors.dayEnd = refusal;
  if (values.visits.trim() !== '' && !wholeNumberIn(values.visits, 0)) {
    errors.visits = `Enter a whole number of visits from 0 to ${VISITS_MAX}, or leave it empty.`;
  }
  if (values.weeklyVisitLimit.trim() !== '' && !wholeNumberIn(values.weeklyVisitLimit, 1)) {
    errors.weeklyVisitLimit = `Enter a whole number from 1 to ${VISITS_MAX}, or leave it empty for no weekly limit.`;
  }
  return errors;
}

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** The wire body of add and edit (the patient is added on add only: an authorization never moves). */
export function authorizationBody(values: AuthorizationFormValues): AuthorizationBody {
  return {
    inspt_id: values.insurance?.insptId ?? null,
    referredBy: values.referredBy.trim(),
    authCode: values.authCode.trim(),
    dayStart: values.dayStart,
    dayEnd: values.dayEnd,
    visits: optionalNumber(values.visits),
    weeklyVisitLimit: optionalNumber(values.weeklyVisitLimit),
    active: values.active,
  };
}

/** The form values of a saved authorization (the dashboard's edit mode starts from them). */
export function authorizationFormValues(auth: PatientAuthorization): AuthorizationFormValues {
  return {
    insurance:
      auth.inspt_id === null
        ? null
        : { insptId: auth.inspt_id, name: auth.insName || `Insurance record #${auth.inspt_id}` },
    referredBy: auth.referredBy,
    authCode: auth.authCode,
    dayStart: auth.dayStart,
    dayEnd: auth.dayEnd,
    visits: auth.visits === null ? '' : String(auth.visits),
    weeklyVisitLimit: auth.weeklyVisitLimit === null ? '' : String(auth.weeklyVisitLimit),
    active: auth.active,
  };
}
