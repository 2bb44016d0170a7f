import { type Static, Type } from 'typebox';

export const AuditQuery = Type.Object({
  patientId: Type.Optional(Type.Integer({ minimum: 1 })),
  actor: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
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
  outcome: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntry>;
