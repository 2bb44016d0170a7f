import type { Rating, RatingFilterQuery } from '@clinic/contract/ratings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { retryUnlessRefused } from '../../../lib/api-client';
import { getKeyPage } from '../../../lib/key-page';
import { ratingKeys } from './rating-keys';

/** Rows per page of the ratings dashboard (the server allows up to 200). */
export const RATINGS_PAGE_SIZE = 25;

/**
 * GET /ratings/all?doctorId=&officeId=&from=&to=&limit=&cursor= (ADMIN): patients' ratings, newest visit
 * first, with the filtered total in X-Total-Count and the next page's cursor in the Link header.
 */
export function getRatingsPage(filters: RatingFilterQuery, cursor: string | null, signal?: AbortSignal) {
  return getKeyPage<Rating>('/ratings/all', {
    query: { ...filters, limit: RATINGS_PAGE_SIZE, cursor },
    cursorParam: 'cursor',
    signal,
  });
}

/** The previous page stays on screen while the next one loads. */
export function useRatingsPage(filters: RatingFilterQuery, cursor: string | null) {
  return useQuery({
    queryKey: ratingKeys.page(filters, cursor),
    queryFn: ({ signal }) => getRatingsPage(filters, cursor, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
