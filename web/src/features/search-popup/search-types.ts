import { longDate } from '../../lib/date-text';
/**
 * The search popup's rules (spec §2 Popups, §5): which record kinds it searches, how a result's id and
 * display name are read from the answer of each kind's call, how results sort, and which URLs it may call.
 */
export const SEARCH_TYPES = ['Office', 'Doctor', 'Patient', 'Insurance'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SORT_KEYS = ['ID', 'Name', 'Username'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export type SearchRecord = Record<string, unknown>;

export function parseSearchType(value: string | null): SearchType | null {
  return (SEARCH_TYPES as readonly string[]).includes(value ?? '') ? (value as SearchType) : null;
}

/** The id fields of each kind, in the spec's spellings and their alternates (§3). */
const ID_FIELDS: Record<SearchType, readonly string[]> = {
  Office: ['officeId', 'id'],
  Doctor: ['doctorId', 'id'],
  Patient: ['patientId', 'id'],
  Insurance: ['insid', 'insId', 'id'],
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function firstOf(record: SearchRecord, fields: readonly string[]): unknown {
  for (const field of fields) {
    const value = record[field];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** The record's id, or null when it has none usable (the popup then says 'No valid ID found ...'). */
export function resultId(type: SearchType, record: SearchRecord): string | number | null {
  const value = firstOf(record, ID_FIELDS[type]);
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

function personName(record: SearchRecord): string {
  const first = text(record.firstName) || text(record.firstname);
  const last = text(record.lastName) || text(record.lastname);
  return [first, last].filter(Boolean).join(' ') || text(record.name);
}

/** The display name sent to the opener; 'Unnamed' when the record has none (spec §8 fallbacks). */
export function resultName(type: SearchType, record: SearchRecord): string {
  let name = '';
  if (type === 'Office') name = text(record.officeName) || text(record.name);
  else if (type === 'Insurance')
    name = text(record.insName) || text(record.insuranceName) || text(record.name);
  else name = personName(record);
  return name || 'Unnamed';
}

export function resultUsername(record: SearchRecord): string {
  return text(record.username);
}

/**
 * What tells two patients of the same name apart (issue 15): their date of birth and phone number; nothing
 * for offices and insurances.
 */
export function resultDetails(type: SearchType, record: SearchRecord): string[] {
  if (type !== 'Patient') return [];
  const details: string[] = [];
  const born = text(record.dateOfBirth);
  if (/^\d{4}-\d{2}-\d{2}/.test(born)) details.push(`born ${longDate(born.slice(0, 10))}`);
  const phone = text(record.phoneNumber);
  if (phone) details.push(phone);
  return details;
}

/** A stable copy sorted by the chosen key; records without the key go last. */
export function sortResults(
  type: SearchType,
  records: readonly SearchRecord[],
  key: SortKey,
): SearchRecord[] {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const keyed = records.map((record, index) => ({ record, index }));
  const sortValue = (record: SearchRecord): string | number | null => {
    if (key === 'ID') return resultId(type, record);
    if (key === 'Name') return resultName(type, record);
    return resultUsername(record) || null;
  };
  keyed.sort((a, b) => {
    const va = sortValue(a.record);
    const vb = sortValue(b.record);
    if (va === null || vb === null) return va === vb ? a.index - b.index : va === null ? 1 : -1;
    const order =
      typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    return order || a.index - b.index;
  });
  return keyed.map((entry) => entry.record);
}

/**
 * The API path the popup may call, from the caller's url parameter: only this site's /api/ paths, never
 * another origin (a crafted link must not make the popup send the signed-in user's token elsewhere).
 * Returns the path below /api and the url's own query, or null when the url is missing or not allowed.
 */
export function resolveApiUrl(
  url: string | null,
  origin: string,
): { path: string; query: Record<string, string> } | null {
  const raw = url?.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  if (!parsed.pathname.startsWith('/api/')) return null;
  const query: Record<string, string> = {};
  parsed.searchParams.forEach((value, name) => {
    query[name] = value;
  });
  return { path: parsed.pathname.slice('/api'.length), query };
}
