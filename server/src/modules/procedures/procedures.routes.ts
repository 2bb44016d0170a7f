import {
  Procedure,
  ProcedureBody,
  ProcedureCodeParams,
  ProcedurePageQuery,
  ProcedureSearchList,
  ProcedureSearchQuery,
} from '@clinic/contract/procedures';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { sendCursorPage } from '../../platform/key-paging';
import { createProceduresService } from './procedures.service';

const tags = ['procedures'];

/**
 * Procedure and diagnosis codes (spec §7 Procedures). {id} is the code itself (the wire record has no other
 * identity). Any signed-in user may read them; ADMIN and MANAGER maintain them.
 */
export const procedureRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createProceduresService(ctx);

  app.get(
    '/api/procedures/getAll',
    {
      schema: { tags, querystring: ProcedurePageQuery, response: { 200: Type.Array(Procedure) } },
      config: { access: 'authenticated' },
    },
    async (request, reply) => sendCursorPage(request, reply, await service.list(request.query)),
  );

  app.get(
    '/api/procedures/search',
    {
      schema: { tags, querystring: ProcedureSearchQuery, response: { 200: ProcedureSearchList } },
      config: { access: 'authenticated' },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    '/api/procedures/:id',
    {
      schema: { tags, params: ProcedureCodeParams, response: { 200: Procedure } },
      config: { access: 'authenticated' },
    },
    async (request) => service.getByCode(request.params.id),
  );

  app.post(
    '/api/procedures/add',
    {
      schema: { tags, body: ProcedureBody, response: { 201: Procedure } },
      config: { access: 'procedure:manage' },
    },
    async (request, reply) => reply.code(201).send(await service.add(request.body)),
  );

  app.put(
    '/api/procedures/update/:id',
    {
      schema: { tags, params: ProcedureCodeParams, body: ProcedureBody, response: { 200: Procedure } },
      config: { access: 'procedure:manage' },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/api/procedures/delete/:id',
    {
      schema: { tags, params: ProcedureCodeParams, response: { 204: Type.Null() } },
      config: { access: 'procedure:manage' },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
