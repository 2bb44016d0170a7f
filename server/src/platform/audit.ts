import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { AuditLogTable } from '../db/schema';

export type AuditAction = AuditLogTable['action'];

/** Declared on a route (config.audit) whose calls read or write patient data. */
export interface RouteAudit {
  action: AuditAction;
  resource: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
  interface FastifyRequest {
    /** The patient whose data the call touched, set by the route once it knows (see auditPatient). */
    auditPatientId?: number | null;
    auditResourceId?: string | null;
  }
}

/** Names the patient (and record) a call is about, for its audit row. */
export function auditPatient(
  request: FastifyRequest,
  patientId: number | null,
  resourceId?: string | number,
) {
  request.auditPatientId = patientId;
  if (resourceId !== undefined) request.auditResourceId = String(resourceId);
}

function outcomeOf(statusCode: number): AuditLogTable['outcome'] {
  if (statusCode < 400) return 'success';
  if (statusCode === 401 || statusCode === 403) return 'denied';
  if (statusCode === 404) return 'not_found';
  return 'error';
}

/**
 * One audit row per call of an audited route, written when the answer has gone out, whatever it was:
 * actor, role, action, resource, patient id, outcome, client address and UTC time (DESIGN.md §7).
 * Never the request or response body.
 */
export function registerAuditHook(app: FastifyInstance, db: Database) {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const audit = request.routeOptions.config.audit;
    if (!audit) return;
    const actor = request.actor;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const resourceId =
      request.auditResourceId ?? (params.id !== undefined ? String(params.id) : null) ?? null;
    try {
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: actor?.userId ?? null,
          actor_username: actor?.username ?? null,
          actor_role: actor?.role ?? null,
          action: audit.action,
          resource: audit.resource,
          resource_id: resourceId,
          patient_id: request.auditPatientId ?? null,
          outcome: outcomeOf(reply.statusCode),
          ip: request.ip,
          request_id: request.id,
        })
        .execute();
    } catch (error) {
      request.log.error({ err: error }, 'audit row could not be written');
    }
  });
}
