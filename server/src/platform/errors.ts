import { MSG } from '@clinic/contract/messages';

/**
 * The one error type modules throw. The global handler turns it into
 * `{ "error": "<code>", "message": "<text>" }` with its status; anything else becomes a 500 that shows
 * no internals.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    /** Extra fields for the body, e.g. `{ action: 'captcha_required' }`. */
    public readonly extra?: Record<string, unknown>,
    /** Headers of the answer, e.g. Retry-After. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError(400, 'bad_request', message, extra);
export const unauthorized = (message = 'You need to sign in to do that.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (
  message = 'You do not have permission to do that.',
  extra?: Record<string, unknown>,
) => new AppError(403, 'forbidden', message, extra);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (
  message = 'Too many attempts. Please wait a few minutes and try again.',
  retryAfterSeconds?: number,
) =>
  new AppError(
    429,
    'too_many_requests',
    message,
    undefined,
    retryAfterSeconds === undefined
      ? undefined
      : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/** PostgreSQL error codes we translate into client errors instead of 500s. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A row that a foreign key declared `on delete restrict` still points at cannot be deleted. */
export const PG_RESTRICT_VIOLATION = '23001';
export const PG_CHECK_VIOLATION = '23514';
export const PG_NOT_NULL_VIOLATION = '23502';
export const PG_INVALID_TEXT = '22P02';
export const PG_DATETIME_OUT_OF_RANGE = '22008';
export const PG_INVALID_DATETIME_FORMAT = '22007';

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A foreign key refused the change: a referenced row is missing, or a row still referenced (restrict). */
export function isForeignKeyRefusal(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION;
}

export function pgConstraint(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'constraint' in error) {
    const c = (error as { constraint: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

/**
 * A unique e-mail or username that another account or patient already has, as a 409 in the spec's words
 * (§5); null for any other error. The patients' profile and their communication preferences (whose contact
 * is the profile's) both answer it.
 */
export function duplicateContactError(error: unknown): AppError | null {
  if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return null;
  const constraint = pgConstraint(error) ?? '';
  if (constraint.includes('email')) return conflict(MSG.duplicateEmail);
  if (constraint.includes('username')) return conflict(MSG.duplicateUsername);
  return null;
}
