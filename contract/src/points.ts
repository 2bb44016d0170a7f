import { type Static, Type } from 'typebox';

/** A patient's points bank (spec §3): one per patient; the balance changes only through the ledger. */
export const PointsBank = Type.Object({
  pointsBankId: Type.Integer(),
  patientId: Type.Integer(),
  totalPoints: Type.Integer(),
});
export type PointsBank = Static<typeof PointsBank>;

export const PointsBankPatientParams = Type.Object({
  patientId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
