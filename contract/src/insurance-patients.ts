import { type Static, Type } from 'typebox';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * A patient-insurance record as the spec's calls send it (§3: insptId, patientId, insId, subscriber,
 * active as a comma list, coPay, notes), with the insurance's name so lists and selectors need no second
 * call.
 */
export const InsurancePatientRecord = Type.Object({
  insptId: Type.Integer(),
  patientId: Type.Integer(),
  insId: Type.Integer(),
  insName: Type.String(),
  subscriber: Type.String(),
  /** Visit kinds this coverage pays for, comma-separated: visit, double, acupuncture or custom values. */
  active: Type.String(),
  coPay: Type.Union([Type.Number(), Type.Null()]),
  notes: Type.String(),
});
export type InsurancePatientRecord = Static<typeof InsurancePatientRecord>;

export const InsurancePatientRecordList = Type.Array(InsurancePatientRecord);
/** GET .../{id}/active: the record's active values as a list. */
export const ActiveValueList = Type.Array(Type.String());
export const InsurancePatientIdParams = Type.Object({ id: Id });
