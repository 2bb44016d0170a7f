import { type Static, Type } from 'typebox';
import { SEX_OPTIONS } from './constants';

/**
 * Patient self-registration (spec §2, §5, §7): POST /api/patientinfo/register/credentials. The schema only
 * bounds sizes and types; the rules (trimmed, required, formats) are validateRegistration(), used by both the
 * form and the server, so the two never disagree.
 */
export const RegistrationBody = Type.Object({
  username: Type.String({ maxLength: 100 }),
  password: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 320 }),
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  dateOfBirth: Type.String({ maxLength: 40 }),
  phoneNumber: Type.String({ maxLength: 40 }),
  sex: Type.String({ maxLength: 20 }),
  notes: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  /** The hidden field a person never fills in. */
  honeypot: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
});
export type RegistrationBody = Static<typeof RegistrationBody>;

export const RegistrationResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  patientId: Type.Integer(),
  username: Type.String(),
  totalPoints: Type.Integer(),
});
export type RegistrationResponse = Static<typeof RegistrationResponse>;

/** Anti-bot headers (spec §7). */
export const ANTI_BOT_HEADERS = {
  formStart: 'X-Form-Start',
  pageElapsed: 'X-Page-Elapsed',
  honeypot: 'X-Honeypot',
} as const;

export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'email',
  'firstName',
  'lastName',
  'dateOfBirth',
  'phoneNumber',
  'sex',
  'notes',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface Registration {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phoneNumber: string;
  sex: (typeof SEX_OPTIONS)[number];
  notes: string;
}

export const PASSWORD_MIN_LENGTH = 8;
const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,50}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

const LABELS: Record<RegistrationField, string> = {
  username: 'Username',
  password: 'Password',
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  phoneNumber: 'Phone number',
  sex: 'Sex',
  notes: 'Notes',
};

/** A real calendar day written yyyy-mm-dd. */
export function isIsoCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export type RegistrationCheck =
  | { ok: true; value: Registration }
  | { ok: false; errors: Partial<Record<RegistrationField, string>> };

/**
 * Trims every value and checks the §5 rules: everything but notes required, a valid e-mail and phone,
 * a real date of birth (yyyy-mm-dd) not after `today`, sex Male/Female/Other. The password's minimum
 * length is checked on the server only (the spec's form gives it as a hint).
 */
export function validateRegistration(
  input: Partial<Record<RegistrationField, string | null | undefined>>,
  options: { today: string; checkPasswordLength: boolean },
): RegistrationCheck {
  const v = (field: RegistrationField) => (typeof input[field] === 'string' ? input[field].trim() : '');
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const field of REGISTRATION_FIELDS) {
    if (field !== 'notes' && v(field) === '') errors[field] = `${LABELS[field]} is required.`;
  }
  const username = v('username');
  if (!errors.username && !USERNAME_PATTERN.test(username)) {
    errors.username = 'Username must be 3 to 50 letters, digits or . _ @ -';
  }
  // Passwords are not trimmed for use; a password of only spaces counts as missing.
  const password = typeof input.password === 'string' ? input.password : '';
  if (!errors.password && options.checkPasswordLength && password.length < PASSWORD_MIN_LENGTH) {
    errors.password = 'Use at least 8 characters.';
  }
  const email = v('email');
  if (!errors.email && (email.length > 254 || !EMAIL_PATTERN.test(email))) {
    errors.email = 'Enter a valid email address.';
  }
  const phone = v('phoneNumber');
  const digits = phone.replace(/\D/g, '').length;
  if (!errors.phoneNumber && (!PHONE_PATTERN.test(phone) || digits < 7 || digits > 15)) {
    errors.phoneNumber = 'Enter a valid phone number.';
  }
  const dateOfBirth = v('dateOfBirth');
  if (!errors.dateOfBirth) {
    if (!isIsoCalendarDate(dateOfBirth)) errors.dateOfBirth = 'Enter a real date as YYYY-MM-DD.';
    else if (dateOfBirth > options.today) errors.dateOfBirth = 'Date of birth cannot be in the future.';
    else if (dateOfBirth < '1900-01-01') errors.dateOfBirth = 'Date of birth must be after 1900.';
  }
  const sex = SEX_OPTIONS.find((option) => option.toLowerCase() === v('sex').toLowerCase());
  if (!errors.sex && !sex) errors.sex = 'Sex must be Male, Female or Other.';

  if (Object.keys(errors).length > 0 || !sex) return { ok: false, errors };
  return {
    ok: true,
    value: {
      username,
      password,
      email,
      firstName: v('firstName'),
      lastName: v('lastName'),
      dateOfBirth,
      phoneNumber: phone,
      sex,
      notes: v('notes'),
    },
  };
}

/** Password reset (spec §7): POST /api/patientinfo/request-reset and /verify-code. */
export const RequestResetBody = Type.Object({
  username: Type.String({ minLength: 1, pattern: '\\S', maxLength: 100 }),
});
export type RequestResetBody = Static<typeof RequestResetBody>;

export const VerifyCodeBody = Type.Object({
  username: Type.String({ minLength: 1, pattern: '\\S', maxLength: 100 }),
  code: Type.String({ minLength: 1, maxLength: 20 }),
  newPassword: Type.String({ maxLength: 200 }),
});
export type VerifyCodeBody = Static<typeof VerifyCodeBody>;

export const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });

export const RESET_CODE_LENGTH = 6;
