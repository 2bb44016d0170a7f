import { type Static, Type } from 'typebox';

/** A patient as the spec's calls send it (§3 Patient). The password never leaves the server. */
export const Patient = Type.Object({
  patientId: Type.Integer(),
  username: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  dateOfBirth: Type.String(),
  age: Type.Integer(),
  phoneNumber: Type.String(),
  sex: Type.String(),
  notes: Type.Union([Type.String(), Type.Null()]),
  visits: Type.Integer(),
  nfWc: Type.Union([Type.String(), Type.Null()]),
  totalPoints: Type.Integer(),
});
export type Patient = Static<typeof Patient>;

export const PatientIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const PatientUsernameParams = Type.Object({ u: Type.String({ minLength: 1, maxLength: 100 }) });

/** Whole years between a date of birth and a day (both yyyy-mm-dd). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return Math.max(0, age);
}
