import { badRequest } from './errors';

const MAX_ID = 2147483647;
const DIGITS = /^\d+$/;

/**
 * An id as a form sends it: a number, or a string of digits ('12'). Absent, null and blank are null (the
 * caller decides whether that is allowed); anything else that is not a positive whole number is a 400
 * naming the field.
 */
export function idLikeOf(value: number | string | null | undefined, field: string): number | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return null;
  const id = DIGITS.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw badRequest(`${field} must be a positive whole number.`);
  }
  return id;
}
