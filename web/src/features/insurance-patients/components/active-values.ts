import { INSURANCE_ACTIVE_OPTIONS } from '@clinic/contract/constants';
import { ACTIVE_VALUE_MAX_LENGTH, ACTIVE_VALUES_MAX } from '@clinic/contract/insurance-patients';
import { splitActiveList } from '@clinic/contract/visit-types';

/**
 * A record's active values (spec §3: visit, double, acupuncture plus custom values) as the forms hold them:
 * a list, trimmed, without duplicates (compared ignoring case), the three defaults in their own spelling.
 */
export type DefaultActiveValue = (typeof INSURANCE_ACTIVE_OPTIONS)[number];

const sameValue = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The default option `value` names (in any case), or null for a custom value. */
export function defaultActiveValue(value: string): DefaultActiveValue | null {
  return INSURANCE_ACTIVE_OPTIONS.find((option) => sameValue(option, value.trim())) ?? null;
}

/** The defaults first in the spec's order, then the custom values in the order they were added. */
export function orderActiveValues(values: readonly string[]): string[] {
  const unique: string[] = [];
  for (const raw of values) {
    const value = defaultActiveValue(raw) ?? raw.trim();
    if (value !== '' && !unique.some((v) => sameValue(v, value))) unique.push(value);
  }
  const defaults = INSURANCE_ACTIVE_OPTIONS.filter((option) => unique.includes(option));
  return [...defaults, ...unique.filter((value) => defaultActiveValue(value) === null)];
}

/** A record's comma list (or list) as the forms hold it. */
export function readActiveValues(active: string | readonly string[] | null | undefined): string[] {
  return orderActiveValues(splitActiveList(active));
}

export function customActiveValues(values: readonly string[]): string[] {
  return values.filter((value) => defaultActiveValue(value) === null);
}

/** How a value reads on screen: the defaults capitalised, custom values as they were typed. */
export function activeValueLabel(value: string): string {
  const option = defaultActiveValue(value);
  return option ? option.charAt(0).toUpperCase() + option.slice(1) : value;
}

export type AddActiveResult = { values: string[]; problem: null } | { values: null; problem: string };

/**
 * Adds what was typed (commas separate several values; naming a default ticks it). Refuses, with the
 * reason, an empty entry, a value already in the list, one that is too long, or one too many.
 */
export function addActiveValues(current: readonly string[], typed: string): AddActiveResult {
  const entries = splitActiveList(typed);
  if (entries.length === 0) return { values: null, problem: 'Type a visit type to add.' };
  const next = [...current];
  for (const entry of entries) {
    if (entry.length > ACTIVE_VALUE_MAX_LENGTH) {
      return {
        values: null,
        problem: `Keep each visit type to ${ACTIVE_VALUE_MAX_LENGTH} characters or fewer.`,
      };
    }
    if (next.some((value) => sameValue(value, entry))) {
      return { values: null, problem: `“${entry}” is already in the list.` };
    }
    next.push(defaultActiveValue(entry) ?? entry);
  }
  if (customActiveValues(next).length > ACTIVE_VALUES_MAX) {
    return { values: null, problem: `A record holds at most ${ACTIVE_VALUES_MAX} other visit types.` };
  }
  return { values: orderActiveValues(next), problem: null };
}

/** Ticks or unticks a default option. */
export function toggleActiveValue(current: readonly string[], option: DefaultActiveValue, on: boolean) {
  const rest = current.filter((value) => !sameValue(value, option));
  return orderActiveValues(on ? [...rest, option] : rest);
}
