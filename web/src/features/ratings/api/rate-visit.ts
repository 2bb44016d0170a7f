import type { Rating, RatingBody } from '@clinic/contract/ratings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What the rating popup sends (spec §3, `anoymonous` spelled so). */
export type VisitRating = Required<
  Pick<RatingBody, 'rating' | 'officeRating' | 'reason' | 'extraNotes' | 'anoymonous'>
>;

/**
 * PUT /ratings/update/appointment/{id} (PATIENT, their own Completed visit, once): 409 when the visit is
 * already rated or not completed, 400 for a score outside 1 to 10. The popup is its own window, so the
 * opener refreshes its lists when told (lib/rating-popup.ts); nothing here to invalidate.
 */
export function rateVisit(appointmentId: number, body: VisitRating) {
  return apiRequest<Rating>(`/ratings/update/appointment/${appointmentId}`, { method: 'PUT', body });
}

export function useRateVisit(appointmentId: number) {
  return useMutation({ mutationFn: (body: VisitRating) => rateVisit(appointmentId, body) });
}
