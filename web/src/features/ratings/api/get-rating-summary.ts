import type { RatingFilterQuery, RatingSummary } from '@clinic/contract/ratings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { ratingKeys } from './rating-keys';

/** GET /ratings/summary?doctorId=&officeId=&from=&to= (ADMIN): averages per doctor and per office. */
export function getRatingSummary(filters: RatingFilterQuery, signal?: AbortSignal) {
  return apiRequest<RatingSummary>('/ratings/summary', { query: { ...filters }, signal });
}

export function useRatingSummary(filters: RatingFilterQuery) {
  return useQuery({
    queryKey: ratingKeys.summary(filters),
    queryFn: ({ signal }) => getRatingSummary(filters, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
