import { type Static, Type } from 'typebox';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IdLike = Type.Union([Id, Type.String({ maxLength: 12 })]);

/** The most points a bank may hold (an adjustment or a grant above it is refused). */
export const POINTS_MAX = 1_000_000;

/**
 * A patient's points bank (spec §3: pointsBankId, patientId, totalPoints, also read as points or
 * total_points): one per patient; the balance changes only through the ledger.
 */
export const PointsBank = Type.Object({
  pointsBankId: Type.Integer(),
  patientId: Type.Integer(),
  totalPoints: Type.Integer(),
});
export type PointsBank = Static<typeof PointsBank>;
export const PointsBankList = Type.Array(PointsBank);

export const PointsBankPatientParams = Type.Object({
  patientId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export const PointsBankIdParams = Type.Object({ id: Id });

/**
 * PUT /points-bank/update/{id}?totalPoints=&reason= (ADMIN, MANAGER): sets the balance, recorded in the
 * ledger as an adjustment with who made it and why (reason is required).
 */
export const PointsAdjustQuery = Type.Object({
  totalPoints: Type.Integer({ minimum: 0, maximum: POINTS_MAX }),
  reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
});
export type PointsAdjustQuery = Static<typeof PointsAdjustQuery>;

/** POST /points-bank/add {patientId, totalPoints} (ADMIN, MANAGER): opens a bank for a patient who has none. */
export const PointsBankAddBody = Type.Object({
  patientId: IdLike,
  totalPoints: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: POINTS_MAX }), Type.Null()])),
  points: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: POINTS_MAX }), Type.Null()])),
  total_points: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: POINTS_MAX }), Type.Null()])),
});
export type PointsBankAddBody = Static<typeof PointsBankAddBody>;

/**
 * POST /points-bank/addFromAppointment?patientId=&pointsToAdd=&appointmentId= (ADMIN, MANAGER): the points
 * of one completed visit of that patient, at most once per appointment (completion already awards them, so
 * this is for visits completed before points existed).
 */
export const PointsFromAppointmentQuery = Type.Object({
  patientId: Id,
  pointsToAdd: Type.Integer({ minimum: 1, maximum: 100 }),
  appointmentId: Id,
});
export type PointsFromAppointmentQuery = Static<typeof PointsFromAppointmentQuery>;

/** GET /points-bank/all (staff): by bank id, paged by key. */
export const PointsBankListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  after: Type.Optional(Id),
});
export type PointsBankListQuery = Static<typeof PointsBankListQuery>;
