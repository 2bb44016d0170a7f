import { AuditEntry, AuditQuery } from '@clinic/contract/audit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { createAuditRepository } from './audit.repository';

export const auditRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repo = createAuditRepository(ctx.db);

  // Reading the audit trail is itself not patient data: it names patients by id only.
  app.get(
    '/api/audit',
    {
      schema: { tags: ['audit'], querystring: AuditQuery, response: { 200: Type.Array(AuditEntry) } },
      config: { access: 'audit:read' },
    },
    async (request) => {
      const rows = await repo.list(request.query);
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorUserId: r.actor_user_id,
        actorUsername: r.actor_username,
        actorRole: r.actor_role,
        action: r.action,
        resource: r.resource,
        resourceId: r.resource_id,
        patientId: r.patient_id,
        outcome: r.outcome,
        ip: r.ip,
        requestId: r.request_id,
      }));
    },
  );
};
