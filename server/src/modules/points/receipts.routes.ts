import { InventoryIdParams } from '@clinic/contract/inventory';
import {
  PointsBankIdParams,
  PurchaseBody,
  Receipt,
  ReceiptDateParams,
  ReceiptIdParams,
  ReceiptList,
  ReceiptListQuery,
  ReceiptUpdateBody,
} from '@clinic/contract/receipts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, patientNamerOf, routeAuditsOf, writeAuditOf } from '../../platform/audit';
import { sendKeyPage } from '../../platform/key-paging';
import { createReceiptsService } from './receipts.service';

const tags = ['points'];
const READ = ['points:read:any', 'points:read:own'] as const;
const STAFF_READ = 'points:read:any';
const MANAGE = 'points:manage';
const audit = routeAuditsOf('receipt');

/**
 * Receipts (spec §7 Receipts; docs/decisions/0031): a patient buys rewards with their own points and reads
 * their own receipts; staff read every list; ADMIN and MANAGER hand rewards over and refund them.
 */
export const receiptRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createReceiptsService(ctx);

  app.get(
    '/api/receipts',
    {
      schema: { tags, querystring: ReceiptListQuery, response: { 200: ReceiptList } },
      config: { access: STAFF_READ, audit: audit.read },
    },
    async (request, reply) => sendKeyPage(request, reply, await service.listAll(request.query)),
  );

  app.get(
    '/api/receipts/:id',
    {
      schema: { tags, params: ReceiptIdParams, response: { 200: Receipt } },
      config: { access: READ, audit: audit.read },
    },
    async (request) => service.getById(requireActor(request), request.params.id, patientNamerOf(request)),
  );

  app.get(
    '/api/receipts/pointsBank/:id',
    {
      schema: {
        tags,
        params: PointsBankIdParams,
        querystring: ReceiptListQuery,
        response: { 200: ReceiptList },
      },
      config: { access: READ, audit: audit.read },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { patientId, receipts } = await service.listByBank(actor, request.params.id, request.query);
      auditPatient(request, patientId);
      return sendKeyPage(request, reply, receipts);
    },
  );

  app.get(
    '/api/receipts/inventory/:id',
    {
      schema: {
        tags,
        params: InventoryIdParams,
        querystring: ReceiptListQuery,
        response: { 200: ReceiptList },
      },
      config: { access: STAFF_READ, audit: audit.read },
    },
    async (request, reply) =>
      sendKeyPage(request, reply, await service.listByInventory(request.params.id, request.query)),
  );

  app.get(
    '/api/receipts/date/:d',
    {
      schema: {
        tags,
        params: ReceiptDateParams,
        querystring: ReceiptListQuery,
        response: { 200: ReceiptList },
      },
      config: { access: STAFF_READ, audit: audit.read },
    },
    async (request, reply) =>
      sendKeyPage(request, reply, await service.listByDate(request.params.d, request.query)),
  );

  app.post(
    '/api/receipts',
    {
      schema: { tags, body: PurchaseBody, response: { 201: Receipt } },
      config: { access: 'reward:buy', audit: audit.create },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.purchase(requireActor(request), request.body, writeAuditOf(request))),
  );

  app.put(
    '/api/receipts/:id',
    {
      schema: { tags, params: ReceiptIdParams, body: ReceiptUpdateBody, response: { 200: Receipt } },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) => service.update(request.params.id, request.body, writeAuditOf(request)),
  );

  app.delete(
    '/api/receipts/:id',
    {
      schema: { tags, params: ReceiptIdParams, response: { 204: Type.Null() } },
      config: { access: MANAGE, audit: audit.delete },
    },
    async (request, reply) => {
      await service.refund(requireActor(request), request.params.id, writeAuditOf(request));
      return reply.code(204).send(null);
    },
  );
};
