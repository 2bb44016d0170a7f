import type { Rating, RatingStanding } from '@clinic/contract/ratings';

/** A rating as the server sends it: by default Emily Carter's named 8/10, 9/10 of a visit on 2026-03-04. */
export function ratingFixture(overrides: Partial<Rating> = {}): Rating {
  return {
    ratingId: 1,
    appointmentId: 41,
    rating: 8,
    officeRating: 9,
    reason: 'Knee feels better',
    extraNotes: '',
    anoymonous: false,
    type: 'patient',
    rated: true,
    patientId: 7,
    patientName: 'Emily Carter',
    doctorId: 3,
    doctorName: 'Marcus Bell',
    officeId: 2,
    officeName: 'Denver Highlands',
    date: '2026-03-04',
    ...overrides,
  };
}

/** A visit waiting for its rating: the 100/100 row that completing it wrote (decision 0031). */
export function unratedVisitFixture(overrides: Partial<Rating> = {}): Rating {
  return ratingFixture({
    rating: 100,
    officeRating: 100,
    reason: '',
    type: 'default',
    rated: false,
    ...overrides,
  });
}

export function standingFixture(overrides: Partial<RatingStanding> = {}): RatingStanding {
  return {
    id: 3,
    name: 'Marcus Bell',
    average: 7.5,
    count: 4,
    months: [
      { month: '2026-01', average: 8.25, count: 2 },
      { month: '2026-02', average: 6.75, count: 2 },
    ],
    ...overrides,
  };
}
