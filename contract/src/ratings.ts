import { type Static, Type } from 'typebox';
import { BoundedList, IsoDate } from './common';
import { RATING_MAX, RATING_MIN } from './constants';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IdLike = Type.Union([Id, Type.String({ maxLength: 12 })]);
const Score = Type.Integer({
  minimum: RATING_MIN,
  maximum: RATING_MAX,
  errorMessage: `must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
});

/**
 * A rating as the spec's calls send it (§3: rating, officeRating, reason, extraNotes, anoymonous spelled so,
 * appointmentId, type) with its id and the names a table shows.
 *
 * - type 'default' is the 100/100 row that completing a visit writes; 'patient' holds a patient's scores.
 * - An anonymous rating has appointmentId 0 and patientId/patientName null for everyone (decision 0031).
 * - rated says whether the patient has rated the visit (for a default row, possibly anonymously).
 */
export const Rating = Type.Object({
  ratingId: Type.Integer(),
  appointmentId: Type.Integer(),
  rating: Type.Integer(),
  officeRating: Type.Integer(),
  reason: Type.String(),
  extraNotes: Type.String(),
  anoymonous: Type.Boolean(),
  type: Type.Union([Type.Literal('default'), Type.Literal('patient')]),
  rated: Type.Boolean(),
  patientId: Type.Union([Type.Integer(), Type.Null()]),
  patientName: Type.Union([Type.String(), Type.Null()]),
  doctorId: Type.Union([Type.Integer(), Type.Null()]),
  doctorName: Type.Union([Type.String(), Type.Null()]),
  officeId: Type.Union([Type.Integer(), Type.Null()]),
  officeName: Type.Union([Type.String(), Type.Null()]),
  /** The visit's date, yyyy-mm-dd. */
  date: Type.String(),
});
export type Rating = Static<typeof Rating>;
export const RatingList = Type.Array(Rating);
/** The most rating rows one patient's list holds, newest visit first. */
export const PATIENT_RATINGS_MAX = 100;
export const PatientRatingList = BoundedList(Rating, PATIENT_RATINGS_MAX);

/**
 * POST /ratings/add (with appointmentId), PUT /ratings/update/{id} and PUT /ratings/update/appointment/{id}:
 * the patient rates one of their own Completed visits, once. Scores are whole numbers 1 to 10.
 */
export const RatingBody = Type.Object({
  appointmentId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  appoinmentId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  rating: Score,
  officeRating: Score,
  reason: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  extraNotes: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  anoymonous: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  /** Also read as anonymous. */
  anonymous: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  type: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
});
export type RatingBody = Static<typeof RatingBody>;

export const RatingIdParams = Type.Object({ id: Id });

/**
 * Filters of the ratings dashboard (ADMIN): patients' ratings of visits from `from` to `to` inclusive, for
 * one doctor and/or one office.
 */
export const RatingFilterQuery = Type.Object({
  doctorId: Type.Optional(Id),
  officeId: Type.Optional(Id),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});
export type RatingFilterQuery = Static<typeof RatingFilterQuery>;

/**
 * GET /ratings/all: the filtered patients' ratings, newest visit first, paged by key: `cursor` is the
 * opaque value of the previous answer's `Link: <…>; rel="next"`. X-Total-Count gives the filtered count.
 */
export const RatingListQuery = Type.Object({
  ...RatingFilterQuery.properties,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
});
export type RatingListQuery = Static<typeof RatingListQuery>;

/** One month of a trend: yyyy-mm, the average of the doctor (or office) score and how many ratings. */
export const RatingMonth = Type.Object({
  month: Type.String(),
  average: Type.Number(),
  count: Type.Integer(),
});

/** A doctor's or an office's standing over the filtered ratings, with the last 12 months' trend. */
export const RatingStanding = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  average: Type.Number(),
  count: Type.Integer(),
  months: Type.Array(RatingMonth),
});
export type RatingStanding = Static<typeof RatingStanding>;

/**
 * GET /ratings/summary (ADMIN, ours): per doctor (their rating) and per office (the office rating) over the
 * filtered ratings, lowest average first, each with a monthly trend. Bounded to the 50 lowest of each.
 */
export const RatingSummary = Type.Object({
  doctors: Type.Array(RatingStanding),
  offices: Type.Array(RatingStanding),
});
export type RatingSummary = Static<typeof RatingSummary>;

/** The file name of the ratings CSV (§2). */
export const RATINGS_EXPORT_FILE = 'ratings_export.csv';
