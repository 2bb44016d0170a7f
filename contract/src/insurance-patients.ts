import { type Static, Type } from 'typebox';
import { BoundedList } from './common';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IdLike = Type.Union([Id, Type.String({ maxLength: 12 })]);

/** The most custom active values a record may hold, and the longest one. */
export const ACTIVE_VALUES_MAX = 20;
export const ACTIVE_VALUE_MAX_LENGTH = 40;

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
/** The most insurance records one patient's list holds. */
export const PATIENT_INSURANCE_RECORDS_MAX = 50;
export const PatientInsuranceRecordList = BoundedList(InsurancePatientRecord, PATIENT_INSURANCE_RECORDS_MAX);
/** GET .../{id}/active: the record's active values as a list. */
export const ActiveValueList = BoundedList(Type.String(), ACTIVE_VALUES_MAX);
export const InsurancePatientIdParams = Type.Object({ id: Id });

/**
 * POST /insurancePatientInfo/save and PATCH .../update/{id}. insId is also read as insid (§3 Insurance).
 * `active` is the comma list or an array of values. On save patientId and insId are required (checked by
 * the service with the spec's message); on update a field left out keeps its value, and a record never
 * moves to another patient.
 */
export const InsurancePatientBody = Type.Object({
  insptId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  patientId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  insId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  insid: Type.Optional(Type.Union([IdLike, Type.Null()])),
  subscriber: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  active: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 1000 }),
      Type.Array(Type.String({ maxLength: ACTIVE_VALUE_MAX_LENGTH }), { maxItems: ACTIVE_VALUES_MAX }),
      Type.Null(),
    ]),
  ),
  coPay: Type.Optional(
    Type.Union([Type.Number({ minimum: 0, maximum: 100000 }), Type.String({ maxLength: 20 }), Type.Null()]),
  ),
  notes: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export type InsurancePatientBody = Static<typeof InsurancePatientBody>;

/** POST .../{id}/active/add */
export const ActiveValueAddBody = Type.Object({
  value: Type.String({ minLength: 1, maxLength: ACTIVE_VALUE_MAX_LENGTH }),
});
export type ActiveValueAddBody = Static<typeof ActiveValueAddBody>;

/** PUT .../{id}/active/edit */
export const ActiveValueEditBody = Type.Object({
  oldValue: Type.String({ minLength: 1, maxLength: ACTIVE_VALUE_MAX_LENGTH }),
  newValue: Type.String({ minLength: 1, maxLength: ACTIVE_VALUE_MAX_LENGTH }),
});
export type ActiveValueEditBody = Static<typeof ActiveValueEditBody>;

/** GET .../all: staff's list of every record, newest first, paged by key (`Link` header for the next page). */
export const InsurancePatientListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  before: Type.Optional(Id),
});
export type InsurancePatientListQuery = Static<typeof InsurancePatientListQuery>;
