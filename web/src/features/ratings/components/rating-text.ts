/** How the ratings dashboard writes its numbers. */

import { lazyDateFormat } from '@clinic/contract/lazy-format';

const monthFormat = lazyDateFormat('en-US', { timeZone: 'UTC', month: 'short' });

/** 'yyyy-mm' as 'Jan'; with the year ('Jan 2026') on the first month and on each January. */
export function monthLabel(month: string, first: boolean): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  const name = monthFormat().format(new Date(Date.UTC(y, m - 1, 1)));
  return first || m === 1 ? `${name} ${y}` : name;
}

/** An average to one decimal: '7.5'. */
export function averageText(average: number): string {
  return average.toFixed(1);
}

/** '1 rating', '12 ratings'. */
export function ratingsCount(count: number): string {
  return `${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

/** 'Showing 1–25 of 60 ratings' for the rows of one page (first is 1-based). */
export function showingText(first: number, shown: number, total: number | null): string {
  const last = first + shown - 1;
  const range = shown === 1 ? `${first}` : `${first}–${last}`;
  return total === null ? `Showing ${range}` : `Showing ${range} of ${ratingsCount(total)}`;
}
