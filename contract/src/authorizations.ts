import { type Static, Type } from 'typebox';
import { BoundedList } from './common';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IdLike = Type.Union([Id, Type.String({ maxLength: 12 })]);

/**
 * A patient authorization as the spec's calls send it (§3: authId, patientId, inspt_id, referredBy,
 * authCode, dayStart, dayEnd, visits, weeklyVisitLimit, active as 'Yes' or 'No'), with its visit
 * burn-down: visits used (completed visits that drew on it), scheduled (live visits booked on it) and
 * left (null when the authorization sets no number of visits).
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
  /** The linked insurance record's insurance name ('' when unlinked). */
  insName: Type.String(),
  visitsUsed: Type.Integer(),
  visitsScheduled: Type.Integer(),
  visitsLeft: Type.Union([Type.Integer(), Type.Null()]),
});
export type PatientAuthorization = Static<typeof PatientAuthorization>;
/** The most authorizations one patient's list holds, newest first. */
export const PATIENT_AUTHORIZATIONS_MAX = 200;
export const PatientAuthorizationList = BoundedList(PatientAuthorization, PATIENT_AUTHORIZATIONS_MAX);

export const AuthorizationPatientParams = Type.Object({ patientId: Id });
export const AuthorizationIdParams = Type.Object({ id: Id });
export const AuthorizationAuthIdParams = Type.Object({ authId: Id });

/**
 * POST /patientauthorization/add and PUT .../edit/{id}. inspt_id is also read as insptId; active is
 * 'Yes'/'No' or a boolean. On add patientId, dayStart and dayEnd are required; on edit a field left out
 * keeps its value and an authorization never moves to another patient.
 */
export const AuthorizationBody = Type.Object({
  authId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  patientId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  inspt_id: Type.Optional(Type.Union([IdLike, Type.Null()])),
  insptId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  referredBy: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  authCode: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  dayStart: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
  dayEnd: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
  visits: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 }), Type.Null()])),
  weeklyVisitLimit: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 }), Type.Null()])),
  active: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Boolean(), Type.Null()])),
});
export type AuthorizationBody = Static<typeof AuthorizationBody>;

/**
 * PATCH .../edit-column/{id}?columnName=&value=: the columns one may change this way (their wire names),
 * each value validated as the full edit validates it. Any other column is a 400.
 */
export const AUTHORIZATION_EDITABLE_COLUMNS = [
  'referredBy',
  'authCode',
  'dayStart',
  'dayEnd',
  'visits',
  'weeklyVisitLimit',
  'active',
  'inspt_id',
] as const;
export type AuthorizationEditableColumn = (typeof AUTHORIZATION_EDITABLE_COLUMNS)[number];

export const AuthorizationColumnQuery = Type.Object({
  columnName: Type.String({ minLength: 1, maxLength: 40 }),
  value: Type.String({ maxLength: 200 }),
});
export type AuthorizationColumnQuery = Static<typeof AuthorizationColumnQuery>;

/** Worklist filters: authorizations ending within `days` days or with `visitsLeft` or fewer visits left. */
export const WORKLIST_DEFAULT_DAYS = 14;
export const WORKLIST_DEFAULT_VISITS_LEFT = 2;
export const WORKLIST_MAX_ROWS = 500;

export const AuthorizationWorklistQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  visitsLeft: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: WORKLIST_MAX_ROWS })),
});
export type AuthorizationWorklistQuery = Static<typeof AuthorizationWorklistQuery>;

/** A worklist row: the authorization with its patient's name and why it is on the list. */
export const AuthorizationWorklistItem = Type.Object({
  ...PatientAuthorization.properties,
  patientName: Type.String(),
  /** Days from today to dayEnd (0: ends today). */
  daysLeft: Type.Integer(),
  endingSoon: Type.Boolean(),
  fewVisitsLeft: Type.Boolean(),
});
export type AuthorizationWorklistItem = Static<typeof AuthorizationWorklistItem>;
export const AuthorizationWorklist = Type.Array(AuthorizationWorklistItem);
