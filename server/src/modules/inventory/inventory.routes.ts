import {
  InventoryBody,
  InventoryIdParams,
  InventoryItem,
  InventoryItemList,
  InventoryListQuery,
  InventoryPictureList,
} from '@clinic/contract/inventory';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { routeAuditsOf, writeAuditOf } from '../../platform/audit';
import { readImageUpload } from '../../platform/image-upload';
import { sendKeyPage } from '../../platform/key-paging';
import { createInventoryService } from './inventory.service';

const tags = ['inventory'];
const MANAGE = 'inventory:manage';
const audit = routeAuditsOf('inventory');

/** The rewards shop's items (spec §7 Inventory). Browsing is public; ADMIN and MANAGER keep the items. */
export const inventoryRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createInventoryService(ctx);

  app.get(
    '/api/inventory/all',
    {
      schema: { tags, querystring: InventoryListQuery, response: { 200: InventoryItemList } },
      config: { access: 'public' },
    },
    async (request, reply) => sendKeyPage(request, reply, await service.list(request.query)),
  );

  app.get(
    '/api/inventory/:id',
    {
      schema: { tags, params: InventoryIdParams, response: { 200: InventoryItem } },
      config: { access: 'public' },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/inventory/add',
    {
      schema: { tags, body: InventoryBody, response: { 201: InventoryItem } },
      config: { access: MANAGE, audit: audit.create },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, writeAuditOf(request))),
  );

  app.put(
    '/api/inventory/update/:id',
    {
      schema: { tags, params: InventoryIdParams, body: InventoryBody, response: { 200: InventoryItem } },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) => service.update(request.params.id, request.body, writeAuditOf(request)),
  );

  app.delete(
    '/api/inventory/delete/:id',
    {
      schema: { tags, params: InventoryIdParams, response: { 204: Type.Null() } },
      config: { access: MANAGE, audit: audit.delete },
    },
    async (request, reply) => {
      await service.remove(request.params.id, writeAuditOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/inventory/:id/pictures',
    {
      schema: { tags, params: InventoryIdParams, response: { 200: InventoryPictureList } },
      config: { access: 'public' },
    },
    async (request) => service.pictures(request.params.id),
  );

  app.post(
    '/api/inventory/:id/pictures',
    {
      schema: {
        tags,
        description:
          "multipart/form-data: file (PNG, JPEG, WebP or GIF, at most 5 MB), filename (optional). Stored in the 'inventory' folder and made the item's picture; answers the item.",
        consumes: ['multipart/form-data'],
        params: InventoryIdParams,
        response: { 200: InventoryItem },
      },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) =>
      service.uploadPicture(request.params.id, await readImageUpload(request), writeAuditOf(request)),
  );
};
