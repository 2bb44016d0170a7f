import { DEFAULT_VISIT_TYPES, VOUCHER_PREFIX } from './constants';

/**
 * The type-of-visit choices of a booking (spec §5): always 'eval' and 'visit (pay)', then the active
 * values of the patient's insurance records, then each unvouched voucher receipt as Voucher-{id}.
 * Shared by the booking form (which offers them) and the server (which accepts only them).
 */
export interface VisitTypeOption {
  value: string;
  label: string;
}

export interface VoucherChoice {
  receiptId: number;
  /** The reward's title, shown instead of the value ('Voucher: {name}'). */
  name?: string;
}

export function voucherTypeVisit(receiptId: number): string {
  return `${VOUCHER_PREFIX}${receiptId}`;
}

/** The receipt id of a Voucher-{id} visit type; null for every other type (and for a malformed voucher). */
export function voucherReceiptIdOf(typeVisit: string): number | null {
  const match = /^Voucher-([1-9]\d{0,9})$/.exec(typeVisit.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2147483647 ? id : null;
}

/** Whether a type claims to be a voucher (so a malformed 'Voucher-x' is refused rather than booked as text). */
export function isVoucherTypeVisit(typeVisit: string): boolean {
  return typeVisit.trim().startsWith(VOUCHER_PREFIX);
}

export function visitTypeOptions(input: {
  /** The active lists of the patient's insurance records (values like visit, double, acupuncture). */
  insuranceActive: readonly (readonly string[])[];
  vouchers: readonly VoucherChoice[];
}): VisitTypeOption[] {
  const options: VisitTypeOption[] = [];
  const seen = new Set<string>();
  const add = (value: string, label = visitTypeLabel(value)) => {
    const trimmed = value.trim();
    if (trimmed === '' || seen.has(trimmed)) return;
    seen.add(trimmed);
    options.push({ value: trimmed, label });
  };
  for (const value of DEFAULT_VISIT_TYPES) add(value);
  // A custom insurance value that looks like a voucher would smuggle one in; vouchers come from receipts.
  for (const list of input.insuranceActive)
    for (const value of list) if (!isVoucherTypeVisit(value)) add(value);
  for (const voucher of input.vouchers) {
    const value = voucherTypeVisit(voucher.receiptId);
    add(value, visitTypeLabel(value, voucher.name));
  }
  return options;
}

/**
 * What the spec's type-of-visit values mean, in people's words (the stored values stay the spec's): 'eval' is
 * the evaluation a patient without an authorization is booked for (§5 'Defaulting to evaluation'), 'visit
 * (pay)' a visit the patient pays for, and visit, double and acupuncture the kinds of visit an insurance
 * record covers (§3 active values), which draw on the patient's authorization.
 */
export const VISIT_TYPE_WORDS: Readonly<Record<string, string>> = {
  eval: 'Evaluation (first visit)',
  'visit (pay)': 'Visit (self-pay)',
  visit: 'Visit (insurance)',
  double: 'Double visit (insurance)',
  acupuncture: 'Acupuncture (insurance)',
};

/**
 * A type of visit in people's words: the spec's values as VISIT_TYPE_WORDS says, a voucher by its reward
 * ('Voucher: 30-Minute Massage'), not by its receipt id. Custom insurance values are shown as they are.
 */
export function visitTypeLabel(typeVisit: string, voucherName?: string | null): string {
  const name = voucherName?.trim();
  if (name && isVoucherTypeVisit(typeVisit)) return `Voucher: ${name}`;
  const key = typeVisit.trim().toLowerCase();
  // Own keys only: a custom value such as 'constructor' is not a word of the table.
  return Object.hasOwn(VISIT_TYPE_WORDS, key) ? VISIT_TYPE_WORDS[key]! : typeVisit;
}

/** The spec's comma list ('visit,double') as values; blank entries dropped. */
export function splitActiveList(active: string | readonly string[] | null | undefined): string[] {
  const values = typeof active === 'string' ? active.split(',') : (active ?? []);
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

export interface AuthorizationLike {
  active: string | boolean;
  dayEnd?: string | null;
}

/**
 * Whether the latest authorization still covers visits: marked active ('Yes') and not ended before today
 * (office-local or the patient's, 'yyyy-mm-dd'). Without one the form defaults to an evaluation.
 */
export function hasActiveAuthorization(auth: AuthorizationLike | null | undefined, today: string): boolean {
  if (!auth) return false;
  const active = typeof auth.active === 'boolean' ? auth.active : auth.active.trim().toLowerCase() === 'yes';
  if (!active) return false;
  return !auth.dayEnd || auth.dayEnd.slice(0, 10) >= today;
}
