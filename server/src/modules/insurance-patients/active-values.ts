import { DEFAULT_VISIT_TYPES, INSURANCE_ACTIVE_OPTIONS } from '@clinic/contract/constants';
import { ACTIVE_VALUE_MAX_LENGTH, ACTIVE_VALUES_MAX } from '@clinic/contract/insurance-patients';
import { badRequest, conflict, notFound } from '../../platform/errors';

/**
 * The rules of a record's active values (spec §3: visit, double, acupuncture plus custom values). Each
 * value becomes a type of visit on the booking form (§5), which is why a value may not look like one of
 * the form's own options: 'eval', 'visit (pay)' and a voucher's 'Voucher-{id}'.
 */

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const duplicate = (value: string) => conflict(`"${value}" is already an active value of this record.`);
const notInList = (value: string) => notFound(`"${value}" is not an active value of this record.`);

/** One value as entered: trimmed, a known option in its own spelling ('Visit' is 'visit'); 400 if refused. */
export function activeValueOf(input: string): string {
  const value = input.trim();
  if (value === '') throw badRequest('An active value must not be blank.');
  if (value.includes(',')) throw badRequest('An active value cannot contain a comma.');
  if (value.length > ACTIVE_VALUE_MAX_LENGTH) {
    throw badRequest(`An active value may be at most ${ACTIVE_VALUE_MAX_LENGTH} characters long.`);
  }
  if (value.toLowerCase().startsWith('voucher-')) {
    throw badRequest(`"${value}" cannot be an active value: Voucher- values are reward vouchers.`);
  }
  const offered = DEFAULT_VISIT_TYPES.find((type) => same(type, value));
  if (offered) throw badRequest(`"${offered}" is always offered; it cannot be an active value.`);
  return INSURANCE_ACTIVE_OPTIONS.find((option) => same(option, value)) ?? value;
}

/** Where a value is in the list, in any case; -1 when it is not there. */
export function indexOfActiveValue(list: readonly string[], value: string): number {
  return list.findIndex((item) => same(item, value));
}

/** A whole list, refused with a 400 when it holds more values than a record may. */
function checkedCount(list: string[]): string[] {
  if (list.length > ACTIVE_VALUES_MAX) {
    throw badRequest(`An insurance record holds at most ${ACTIVE_VALUES_MAX} active values.`);
  }
  return list;
}

/**
 * The comma list or array a form sends: values trimmed, blanks dropped, later duplicates (in any case)
 * dropped, every value checked as `activeValueOf` does.
 */
export function activeListOf(input: string | readonly string[] | null): string[] {
  const parts = (typeof input === 'string' ? [input] : (input ?? [])).flatMap((part) => part.split(','));
  const list: string[] = [];
  for (const part of parts) {
    if (part.trim() === '') continue;
    const value = activeValueOf(part);
    if (indexOfActiveValue(list, value) === -1) list.push(value);
  }
  return checkedCount(list);
}

/** The list with one value more: 409 when it is there already (in any case). */
export function withActiveValue(list: readonly string[], input: string): string[] {
  const value = activeValueOf(input);
  if (indexOfActiveValue(list, value) !== -1) throw duplicate(value);
  return checkedCount([...list, value]);
}

/**
 * The list with one value renamed in its place: 404 when the old value is not there, 409 when the new
 * one is another value already. Renaming a value to itself in another case is allowed.
 */
export function withActiveValueRenamed(
  list: readonly string[],
  oldInput: string,
  newInput: string,
): string[] {
  const at = indexOfActiveValue(list, oldInput.trim());
  if (at === -1) throw notInList(oldInput.trim());
  const value = activeValueOf(newInput);
  const taken = indexOfActiveValue(list, value);
  if (taken !== -1 && taken !== at) throw duplicate(value);
  return list.map((item, index) => (index === at ? value : item));
}
