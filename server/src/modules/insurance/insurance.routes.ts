import {
  Insurance,
  InsuranceBody,
  InsuranceHomeSearchQuery,
  InsuranceIdParams,
  InsuranceList,
  InsuranceSearchQuery,
} from '@clinic/contract/insurance';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { createInsuranceService } from './insurance.service';

const tags = ['insurance'];

/**
 * Insurance (spec §7). The directory is public; ADMIN and MANAGER add insurances, only ADMIN edits or
 * deletes them (§6 Insurance edit).
 */
export const insuranceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createInsuranceService(ctx);

  app.get(
    '/api/insurance/all',
    { schema: { tags, response: { 200: InsuranceList } }, config: { access: 'public' } },
    async () => service.list(),
  );

  app.get(
    '/api/insurance/search',
    {
      schema: { tags, querystring: InsuranceSearchQuery, response: { 200: InsuranceList } },
      config: { access: 'public' },
    },
    async (request) => service.search(request.query.name ?? request.query.query),
  );

  app.get(
    '/api/insurance/search/all',
    {
      schema: { tags, querystring: InsuranceHomeSearchQuery, response: { 200: InsuranceList } },
      config: { access: 'public' },
    },
    async (request) => service.homeSearch(request.query.query),
  );

  app.get(
    '/api/insurance/name/:id',
    {
      schema: {
        tags,
        params: InsuranceIdParams,
        response: {
          200: {
            description: 'The insurance name as text',
            content: { 'text/plain': { schema: Type.String() } },
          },
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(await service.nameOf(request.params.id)),
  );

  app.get(
    '/api/insurance/:id',
    {
      schema: { tags, params: InsuranceIdParams, response: { 200: Insurance } },
      config: { access: 'public' },
    },
    async (request) => service.getById(request.params.id),
  );

  app.post(
    '/api/insurance/add',
    {
      schema: { tags, body: InsuranceBody, response: { 201: Insurance } },
      config: { access: 'insurance:manage' },
    },
    async (request, reply) => reply.code(201).send(await service.add(request.body)),
  );

  app.put(
    '/api/insurance/update/:id',
    {
      schema: { tags, params: InsuranceIdParams, body: InsuranceBody, response: { 200: Insurance } },
      config: { access: 'insurance:edit' },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/api/insurance/delete/:id',
    {
      schema: { tags, params: InsuranceIdParams, response: { 204: Type.Null() } },
      config: { access: 'insurance:edit' },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
