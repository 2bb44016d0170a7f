import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Liveness: the process answers. Readiness: the database answers too.
  app.get(
    '/api/health',
    {
      schema: { tags, response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
      config: { access: 'public' },
    },
    async () => ({ status: 'ok' as const }),
  );

  // The OpenAPI 3 document generated from every route's schemas (Swagger UI at /api/docs reads it too).
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );

  app.get(
    '/api/ready',
    {
      schema: { tags, response: { 200: Type.Object({ status: Type.Literal('ready') }) } },
      config: { access: 'public' },
    },
    async () => {
      try {
        await sql`select 1`.execute(ctx.db);
      } catch {
        throw new AppError(503, 'not_ready', 'The database is not answering.');
      }
      return { status: 'ready' as const };
    },
  );
};
