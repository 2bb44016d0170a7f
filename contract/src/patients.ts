import { type Static, Type } from 'typebox';
import { BoundedList, PageLimit } from './common';

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

/** PUT /patientinfo/update-details: which patient (the id wins when both are given). */
export const UpdateDetailsQuery = Type.Object({
  patientId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type UpdateDetailsQuery = Static<typeof UpdateDetailsQuery>;

/**
 * The patient's own details. The dashboard sends the phone as `phone`; `phoneNumber` is read too. The
 * rules beyond type and length (required after trimming, e-mail, phone, date, sex) are those of
 * patient-details.ts, checked by the service so that both forms and server say the same.
 */
export const UpdateDetailsBody = Type.Object({
  firstName: Type.String({ maxLength: 200 }),
  lastName: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 300 }),
  phone: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
  phoneNumber: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
  dateOfBirth: Type.String({ maxLength: 40 }),
  sex: Type.String({ maxLength: 20 }),
  notes: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
});
export type UpdateDetailsBody = Static<typeof UpdateDetailsBody>;

export const UpdateAccountQuery = Type.Object({
  patientId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

/** New sign-in details; a blank or missing value keeps the current one. */
export const UpdateAccountBody = Type.Object({
  username: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  password: Type.Optional(Type.Union([Type.String({ maxLength: 400 }), Type.Null()])),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
});
export type UpdateAccountBody = Static<typeof UpdateAccountBody>;

/** The most patients a search answers: type more of the name to narrow it. */
export const PATIENT_SEARCH_MAX = 50;
/**
 * The most matches All Patients pages through for one filter, the most telling first (as the search's): a
 * filter matching more is too vague to page through; the screen asks for more of the name.
 */
export const PATIENT_FILTER_MATCHES_MAX = 200;
/** The list form of GET /patientinfo/all: by name, a page at a time, the next page in the `Link` header. */
export const PATIENT_LIST_PAGE_MAX = 200;
export const PATIENT_LIST_PAGE_DEFAULT = 50;

/**
 * GET /patientinfo/all. Without page or size: the list form (filtered by q), the spec's plain array, a page
 * at a time by key (`limit`, `cursor`: issue 13). With page or size: one page in a PatientPage (docs/decisions:
 * all-patients paging).
 */
export const PatientListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'filter: part of a name (anywhere from three letters), an e-mail, a phone number or a date of birth, any case',
    }),
  ),
  limit: PageLimit(PATIENT_LIST_PAGE_MAX),
  cursor: Type.Optional(Type.String({ maxLength: 400 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PatientListQuery = Static<typeof PatientListQuery>;

/** One page of patients and how many match in all. */
/** A search's answer: at most PATIENT_SEARCH_MAX patients. */
export const PatientSearchList = BoundedList(Patient, PATIENT_SEARCH_MAX);

export const PatientPage = Type.Object({
  items: Type.Array(Patient),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  more: Type.Optional(
    Type.Boolean({
      description: `More than PATIENT_FILTER_MATCHES_MAX (${PATIENT_FILTER_MATCHES_MAX}) patients match the filter: total is the first ones`,
    }),
  ),
});
export type PatientPage = Static<typeof PatientPage>;

export const PatientNameSearchQuery = Type.Object({
  firstName: Type.Optional(Type.String({ maxLength: 100 })),
  lastName: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PatientNameSearchQuery = Static<typeof PatientNameSearchQuery>;

/** The search popup and home search: one free-text term (name, id or username). */
export const PatientTermQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PatientTermQuery = Static<typeof PatientTermQuery>;
