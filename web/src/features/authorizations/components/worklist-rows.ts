import type { AuthorizationWorklistItem } from '@clinic/contract/authorizations';
import { toCsv } from '../../../lib/csv';

/** Why an authorization is on the worklist, in words. */
export function worklistReason(item: AuthorizationWorklistItem): string {
  const reasons: string[] = [];
  if (item.endingSoon) reasons.push('Ends soon');
  if (item.fewVisitsLeft) reasons.push('Few visits left');
  return reasons.join(', ');
}

export type WorklistSortKey =
  | 'patient'
  | 'authCode'
  | 'insurance'
  | 'dayEnd'
  | 'daysLeft'
  | 'visitsLeft'
  | 'reason';
export type SortDirection = 'ascending' | 'descending';
export interface WorklistSort {
  key: WorklistSortKey;
  direction: SortDirection;
}

/** What each column sorts by: text by its words (case-insensitive), numbers by value. */
const SORT_VALUE: Record<WorklistSortKey, (item: AuthorizationWorklistItem) => string | number | null> = {
  patient: (i) => i.patientName,
  authCode: (i) => i.authCode,
  insurance: (i) => i.insName,
  dayEnd: (i) => i.dayEnd,
  daysLeft: (i) => i.daysLeft,
  visitsLeft: (i) => i.visitsLeft,
  reason: worklistReason,
};

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/**
 * The rows in the chosen order. An authorization without a number of visits has no visits left to sort
 * by and goes last either way; ties keep the server's order (soonest end first).
 */
export function sortWorklist(
  items: readonly AuthorizationWorklistItem[],
  { key, direction }: WorklistSort,
): AuthorizationWorklistItem[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const value = SORT_VALUE[key];
  return [...items].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return sign * order;
  });
}

/** Visits left of authorized, as the table and the CSV show them. */
export function visitsLeftText(item: AuthorizationWorklistItem): string {
  return item.visits === null ? 'No limit' : `${item.visitsLeft ?? 0} of ${item.visits}`;
}

export const WORKLIST_CSV_FILE = 'authorization_worklist.csv';

/** The rows shown, in their order, as CSV. */
export function worklistCsv(items: readonly AuthorizationWorklistItem[]): string {
  return toCsv(
    [
      'Patient',
      'Patient ID',
      'Auth code',
      'Insurance',
      'Starts',
      'Ends',
      'Days left',
      'Visits left',
      'Visits authorized',
      'Why',
    ],
    items.map((i) => [
      i.patientName,
      i.patientId,
      i.authCode,
      i.insName,
      i.dayStart,
      i.dayEnd,
      i.daysLeft,
      i.visitsLeft,
      i.visits,
      worklistReason(i),
    ]),
  );
}
