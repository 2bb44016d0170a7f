/** A count with its noun in the right number: '1 insurance', '2 insurances', '1 team member'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The line over a paged list: 'Showing 1–10 of 14 team members', 'Showing 1–1 of 1 insurance'. */
export function showingRange(first: number, last: number, total: number, singular: string, plural?: string) {
  return `Showing ${first}–${last} of ${countOf(total, singular, plural)}`;
}
