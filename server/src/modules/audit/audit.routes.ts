import { Readable } from 'node:stream';
import { AUDIT_EXPORT_FILE, AuditEntry, AuditFilterQuery, AuditQuery } from '@clinic/contract/audit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { sendKeyPage } from '../../platform/key-paging';
import { createAuditService } from './audit.service';

const tags = ['audit'];

export const auditRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAuditService(ctx.db);

  // Reading the audit trail is itself not patient data: it names patients by id only.
  app.get(
    '/api/audit',
    {
      schema: { tags, querystring: AuditQuery, response: { 200: Type.Array(AuditEntry) } },
      config: { access: 'audit:read' },
    },
    async (request, reply) => sendKeyPage(request, reply, await service.list(request.query)),
  );

  app.get(
    '/api/audit/export',
    {
      schema: {
        tags,
        querystring: AuditFilterQuery,
        response: {
          200: {
            description: 'The rows as CSV',
            content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) } },
          },
        },
      },
      config: { access: 'audit:read' },
    },
    async (request, reply) => {
      const lines = service.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${AUDIT_EXPORT_FILE}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
};
