import type { RatingFilterQuery } from '@clinic/contract/ratings';

/** Query keys of the ratings feature; a new rating invalidates RATINGS_KEY. */
export const RATINGS_KEY = ['ratings'] as const;

export const ratingKeys = {
  ofPatient: (patientId: number) => [...RATINGS_KEY, 'patient', patientId] as const,
  page: (filters: RatingFilterQuery, cursor: string | null) =>
    [...RATINGS_KEY, 'all', filters, cursor] as const,
  summary: (filters: RatingFilterQuery) => [...RATINGS_KEY, 'summary', filters] as const,
};
