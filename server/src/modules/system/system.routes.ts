import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { LICENSE_FILE } from '../../locations';
import { AppError, notFound } from '../../platform/errors';

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

  // The licence the API document names (info.license.url): a partner reading the document can follow it.
  app.get(
    '/api/license',
    { schema: { hide: true }, config: { access: 'public' } },
    async (_request, reply) => {
      const text = await readFile(LICENSE_FILE, 'utf8').catch(() => null);
      if (text === null) throw notFound('The licence is not installed with this server.');
      return reply.type('text/plain; charset=utf-8').send(text);
    },
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
