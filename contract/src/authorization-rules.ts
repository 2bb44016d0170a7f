import { DEFAULT_VISIT_TYPES } from './constants';
import { MSG } from './messages';
import { VISIT_TYPE_WORDS, visitTypeLabel } from './visit-types';

/**
 * Pure rules of authorizations and their visit burn-down (issue 10), shared by the server (which enforces
 * them inside the booking transaction) and the screens (which show them). docs/decisions/0029.
 */

/** A code list as the spec sends it ('M54.50, m62.830') or as an array: trimmed, upper case, blanks dropped. */
export function parseCodeList(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  return parts.map((code) => code.trim().toUpperCase()).filter((code) => code !== '');
}

/** The first value that appears twice, or null. */
export function firstDuplicate(values: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return null;
}

/** 'Yes'/'No' (any case), 'true'/'false' or a boolean; null for anything else. */
export function parseYesNo(value: string | boolean | null | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = (value ?? '').trim().toLowerCase();
  if (text === 'yes' || text === 'true') return true;
  if (text === 'no' || text === 'false') return false;
  return null;
}

/** The reason a start/end pair is refused (§5), or null when both are set and in order. */
export function authorizationDatesRefusal(dayStart: string | null, dayEnd: string | null): string | null {
  if (!dayStart || !dayEnd) return MSG.selectStartAndEnd;
  if (dayEnd < dayStart) return 'The end date must be on or after the start date.';
  return null;
}

/** Monday of the week (Monday to Sunday) that holds a 'yyyy-mm-dd' date; the weekly limit counts per such week. */
export function weekStartOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** Visits left: authorized minus used minus scheduled, never below 0; null when no number was authorized. */
export function visitsLeftOf(visits: number | null, used: number, scheduled: number): number | null {
  if (visits === null) return null;
  return Math.max(0, visits - used - scheduled);
}

/** Whether a type of visit draws on an authorization: every insurance type; not eval, visit (pay) or a voucher. */
export function drawsOnAuthorization(typeVisit: string): boolean {
  const value = typeVisit.trim();
  if (value === '' || value.startsWith('Voucher-')) return false;
  return !(DEFAULT_VISIT_TYPES as readonly string[]).includes(value);
}

export interface AuthorizationUse {
  authCode: string;
  active: boolean;
  dayStart: string;
  dayEnd: string;
  visits: number | null;
  weeklyVisitLimit: number | null;
  /** Completed visits that drew on it, and live ones booked on it, other than the visit being placed. */
  used: number;
  scheduled: number;
  /** Visits on it (live or completed) in the week of the visit being placed, other than that visit. */
  inWeek: number;
}

/** What a patient without an authorization for a visit may book instead, in the booking form's words. */
export const BOOK_WITHOUT_AUTHORIZATION = `${VISIT_TYPE_WORDS.eval} or ${VISIT_TYPE_WORDS['visit (pay)']}`;
const instead = `Book an ${BOOK_WITHOUT_AUTHORIZATION} instead.`;

/**
 * Why one more visit on `date` may not draw on this authorization, or null when it may: it must be
 * active, the date inside dayStart..dayEnd, a visit left, and room in that week's limit.
 */
export function authorizationVisitRefusal(auth: AuthorizationUse, date: string): string | null {
  const name = auth.authCode.trim() === '' ? 'The authorization' : `Authorization ${auth.authCode.trim()}`;
  if (!auth.active) return `${name} is not active. ${instead}`;
  if (date < auth.dayStart || date > auth.dayEnd) {
    return `${name} covers ${auth.dayStart} to ${auth.dayEnd}; ${date} is outside it. ${instead}`;
  }
  if (auth.visits !== null && auth.used + auth.scheduled >= auth.visits) {
    return `${name} has no visits left (${auth.visits} authorized, ${auth.used} used, ${auth.scheduled} scheduled). ${instead}`;
  }
  if (auth.weeklyVisitLimit !== null && auth.inWeek >= auth.weeklyVisitLimit) {
    const plural = auth.weeklyVisitLimit === 1 ? 'visit' : 'visits';
    return `${name} allows ${auth.weeklyVisitLimit} ${plural} a week, and the week of ${weekStartOf(date)} already has ${auth.inWeek}. ${instead}`;
  }
  return null;
}

/** The refusal when an insurance type of visit is booked and no authorization covers the date. */
export function noAuthorizationRefusal(typeVisit: string, date: string): string {
  return `No active authorization covers a "${visitTypeLabel(typeVisit)}" visit on ${date}. ${instead}`;
}
