import type { Rating } from '@clinic/contract/ratings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';
import { ratingKeys } from './rating-keys';

/**
 * GET /ratings/appointment/all/{patientId}: one row per Completed visit of the patient, newest first.
 * A 'default' row not rated is waiting for the patient; rated and anoymonous means rated anonymously
 * (its scores live apart, unlinked, decision 0031); a 'patient' row holds their named scores.
 */
export function getPatientRatings(patientId: number, signal?: AbortSignal) {
  return apiRequest<Rating[]>(`/ratings/appointment/all/${patientId}`, { signal });
}

export function usePatientRatings(patientId: number) {
  return useQuery({
    queryKey: ratingKeys.ofPatient(patientId),
    queryFn: ({ signal }) => getPatientRatings(patientId, signal),
    retry: retryUnlessRefused,
  });
}
