import type { Rating } from '@clinic/contract/ratings';

/**
 * Where a patient's visit stands (GET /ratings/appointment/all, decision 0031): waiting for a rating,
 * rated anonymously (the row stays at its defaults, its scores are elsewhere and not theirs to see), or
 * rated with their name and scores.
 */
export type VisitRatingState = 'unrated' | 'anonymous' | 'named';

export function visitRatingState(row: Rating): VisitRatingState {
  if (!row.rated) return 'unrated';
  return row.anoymonous ? 'anonymous' : 'named';
}

/** Whether the visit has been rated, by any of the rows the patient's list holds for it. */
export function isVisitRated(rows: readonly Rating[], appointmentId: number): boolean {
  return rows.some((row) => row.appointmentId === appointmentId && row.rated);
}

/** '8/10'. */
export function outOfTen(score: number): string {
  return `${score}/10`;
}
