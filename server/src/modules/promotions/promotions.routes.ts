import { IdParams } from '@clinic/contract/common';
import {
  NewPromotionBody,
  Promotion,
  PromotionList,
  PromotionStatusQuery,
  UpdatePromotionBody,
} from '@clinic/contract/promotions';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { createPromotionsService } from './promotions.service';

const tags = ['promotions'];
const MANAGE = 'promotion:manage' as const;

/** Spec §7 Promotions. Reads are public (hidden promotions only for managers); writes need promotion:manage. */
export const promotionRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPromotionsService(ctx);

  app.get(
    '/api/promotions/all',
    {
      schema: {
        tags,
        description:
          'Shown promotions; with promotion:manage, every promotion (hidden ones too), newest first.',
        response: { 200: PromotionList },
      },
      config: { access: 'public' },
    },
    async (request) => service.list(request.actor),
  );

  app.get(
    '/api/promotions/sorted',
    {
      schema: {
        tags,
        description: 'The home carousel: shown promotions (status 1 and above), ascending by status.',
        response: { 200: PromotionList },
      },
      config: { access: 'public' },
    },
    async () => service.carousel(),
  );

  app.get(
    '/api/promotions/:id',
    { schema: { tags, params: IdParams, response: { 200: Promotion } }, config: { access: 'public' } },
    async (request) => service.get(request.actor, request.params.id),
  );

  app.post(
    '/api/promotions/add',
    {
      schema: { tags, body: NewPromotionBody, response: { 201: Promotion } },
      config: { access: MANAGE },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.put(
    '/api/promotions/:id',
    {
      schema: { tags, params: IdParams, body: UpdatePromotionBody, response: { 200: Promotion } },
      config: { access: MANAGE },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.put(
    '/api/promotions/:id/status',
    {
      schema: { tags, params: IdParams, querystring: PromotionStatusQuery, response: { 200: Promotion } },
      config: { access: MANAGE },
    },
    async (request) => service.setStatus(request.params.id, request.query.status),
  );

  app.delete(
    '/api/promotions/:id',
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: { access: MANAGE } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
