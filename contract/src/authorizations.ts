import { type Static, Type } from 'typebox';

/**
 * A patient authorization as the spec's calls send it (§3: authId, patientId, inspt_id, referredBy,
 * authCode, dayStart, dayEnd, visits, weeklyVisitLimit, active as 'Yes' or 'No').
 */
export const PatientAuthorization = Type.Object({
  authId: Type.Integer(),
  patientId: Type.Integer(),
  inspt_id: Type.Union([Type.Integer(), Type.Null()]),
  referredBy: Type.String(),
  authCode: Type.String(),
  dayStart: Type.String({ description: 'yyyy-mm-dd' }),
  dayEnd: Type.String({ description: 'yyyy-mm-dd' }),
  visits: Type.Union([Type.Integer(), Type.Null()]),
  weeklyVisitLimit: Type.Union([Type.Integer(), Type.Null()]),
  active: Type.Union([Type.Literal('Yes'), Type.Literal('No')]),
});
export type PatientAuthorization = Static<typeof PatientAuthorization>;

export const AuthorizationPatientParams = Type.Object({
  patientId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
