import { SEX_OPTIONS } from './constants';
import { MSG } from './messages';

/**
 * The rules for a patient's own details (spec §5, patient registration): every field required except
 * notes, values trimmed, a valid e-mail, a valid phone, a date of birth as YYYY-MM-DD, sex Male, Female or
 * Other. One home for them: the server checks every write with these, the forms check with the same
 * functions before sending.
 */
export const PATIENT_FIELD_MAX = {
  name: 100,
  email: 254,
  phone: 30,
  notes: 2000,
  username: 50,
  password: 200,
} as const;

export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;
const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the usual separators, an optional leading +, and an optional extension. */
const PHONE_PATTERN = /^\+?[0-9().\-\s]+(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i;
const PHONE_MIN_DIGITS = 7;
const PHONE_MAX_DIGITS = 15;
const OLDEST_BIRTH_DATE = '1900-01-01';

export type Sex = (typeof SEX_OPTIONS)[number];

/** A patient's editable details, as the forms hold them (trimmed strings). */
export interface PatientDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
  sex: string;
  notes: string;
}

export type PatientDetailsField = keyof PatientDetails;
/** One message per invalid field; empty when everything is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function isValidEmail(value: string): boolean {
  return value.length <= PATIENT_FIELD_MAX.email && EMAIL_PATTERN.test(value);
}

export function isValidPhone(value: string): boolean {
  if (value.length > PATIENT_FIELD_MAX.phone || !PHONE_PATTERN.test(value)) return false;
  const main = value.split(/x|ext/i)[0] ?? '';
  const digits = main.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date of birth: a real day, not in the future and not before 1900. `today` is YYYY-MM-DD. */
export function isValidBirthDate(value: string, today: string): boolean {
  return isIsoDate(value) && value >= OLDEST_BIRTH_DATE && value <= today;
}

export function isSex(value: string): value is Sex {
  return (SEX_OPTIONS as readonly string[]).includes(value);
}

/** Trims every value; a missing value becomes ''. */
export function normalizePatientDetails(
  input: Partial<Record<PatientDetailsField, unknown>>,
): PatientDetails {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    email: text(input.email),
    phoneNumber: text(input.phoneNumber),
    dateOfBirth: text(input.dateOfBirth),
    sex: text(input.sex),
    notes: text(input.notes),
  };
}

/** Checks trimmed details; each message names its field in words. */
export function checkPatientDetails(
  details: PatientDetails,
  today: string,
): FieldErrors<PatientDetailsField> {
  const errors: FieldErrors<PatientDetailsField> = {};
  if (!details.firstName) errors.firstName = 'First name is required.';
  else if (details.firstName.length > PATIENT_FIELD_MAX.name) errors.firstName = 'First name is too long.';
  if (!details.lastName) errors.lastName = 'Last name is required.';
  else if (details.lastName.length > PATIENT_FIELD_MAX.name) errors.lastName = 'Last name is too long.';
  if (!details.email) errors.email = 'Email is required.';
  else if (!isValidEmail(details.email)) errors.email = 'Enter a valid email address.';
  if (!details.phoneNumber) errors.phoneNumber = 'Phone number is required.';
  else if (!isValidPhone(details.phoneNumber)) errors.phoneNumber = 'Enter a valid phone number.';
  if (!details.dateOfBirth) errors.dateOfBirth = 'Date of birth is required.';
  else if (!isValidBirthDate(details.dateOfBirth, today)) {
    errors.dateOfBirth = 'Enter a real date of birth in the past, as YYYY-MM-DD.';
  }
  if (!details.sex) errors.sex = 'Sex is required.';
  else if (!isSex(details.sex)) errors.sex = 'Sex must be Male, Female or Other.';
  if (details.notes.length > PATIENT_FIELD_MAX.notes) errors.notes = 'Notes are too long.';
  return errors;
}

/** The sign-in part of a patient's account: each value optional, blank meaning "keep". */
export interface PatientAccountChanges {
  username: string;
  password: string;
  email: string;
}

export type PatientAccountField = keyof PatientAccountChanges;

export function normalizeAccountChanges(
  input: Partial<Record<PatientAccountField, unknown>>,
): PatientAccountChanges {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    username: text(input.username).trim(),
    // Passwords are taken as typed: spaces may be part of them.
    password: text(input.password),
    email: text(input.email).trim(),
  };
}

export function checkAccountChanges(changes: PatientAccountChanges): FieldErrors<PatientAccountField> {
  const errors: FieldErrors<PatientAccountField> = {};
  if (changes.username) {
    if (
      changes.username.length < USERNAME_MIN_LENGTH ||
      changes.username.length > PATIENT_FIELD_MAX.username
    ) {
      errors.username = `Username must be ${USERNAME_MIN_LENGTH} to ${PATIENT_FIELD_MAX.username} characters.`;
    } else if (!USERNAME_PATTERN.test(changes.username)) {
      errors.username = 'Username may use letters, digits and . _ @ - only.';
    }
  }
  if (changes.password) {
    if (changes.password.length < PASSWORD_MIN_LENGTH) errors.password = MSG.passwordHint;
    else if (changes.password.length > PATIENT_FIELD_MAX.password) errors.password = 'Password is too long.';
  }
  if (changes.email && !isValidEmail(changes.email)) errors.email = 'Enter a valid email address.';
  return errors;
}

export function hasAccountChanges(changes: PatientAccountChanges): boolean {
  return changes.username !== '' || changes.password !== '' || changes.email !== '';
}

/** Today as YYYY-MM-DD in UTC (dates of birth are calendar days; a day's slack either side is harmless). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
