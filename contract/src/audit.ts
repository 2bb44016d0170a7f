import { type Static, Type } from 'typebox';
import { IsoDate } from './common';

/** The actions an audit row records (docs/architecture.md, principle 7; 'reset' is a password reset). */
export const AUDIT_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'login',
  'logout',
  'search',
  'reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The most rows one page of the audit list holds. */
export const AUDIT_PAGE_MAX = 500;

/** The filters of the audit log, shared by its list and its CSV export. */
export const AuditFilterQuery = Type.Object({
  patientId: Type.Optional(
    Type.Integer({ minimum: 1, description: 'rows about this patient, alone or in a bulk read' }),
  ),
  actor: Type.Optional(Type.String({ maxLength: 100, description: 'username of who acted (any case)' })),
  action: Type.Optional(
    Type.Union([
      Type.Literal('read'),
      Type.Literal('create'),
      Type.Literal('update'),
      Type.Literal('delete'),
      Type.Literal('login'),
      Type.Literal('logout'),
      Type.Literal('search'),
      Type.Literal('reset'),
    ]),
  ),
  /** First and last day (UTC), inclusive. */
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});
export type AuditFilterQuery = Static<typeof AuditFilterQuery>;
// The schema's literals and AUDIT_ACTIONS name the same actions.
const _sameActions: [AuditAction, NonNullable<AuditFilterQuery['action']>] extends [
  NonNullable<AuditFilterQuery['action']>,
  AuditAction,
]
  ? true
  : never = true;

export const AuditQuery = Type.Object({
  ...AuditFilterQuery.properties,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: 100 })),
  before: Type.Optional(Type.Integer({ minimum: 1, description: 'rows with an id below this (paging)' })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actorUserId: Type.Union([Type.Integer(), Type.Null()]),
  actorUsername: Type.Union([Type.String(), Type.Null()]),
  actorRole: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  resource: Type.String(),
  resourceId: Type.Union([Type.String(), Type.Null()]),
  patientId: Type.Union([Type.Integer(), Type.Null()]),
  /** A bulk read: every patient whose data it returned. */
  patientIds: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  outcome: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AUDIT_CSV_HEADER = [
  'Time (UTC)',
  'Actor',
  'Role',
  'Action',
  'Resource',
  'Record',
  'Patient',
  'Outcome',
  'Address',
  'Request',
] as const;
export const AUDIT_EXPORT_FILE = 'audit-log.csv';
