import { IdParams } from '@clinic/contract/common';
import {
  ContentItem,
  ContentList,
  ContentPreview,
  ContentPreviewBody,
  ContentSearchQuery,
  MenuStructure,
  SaveContentBody,
} from '@clinic/contract/content';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { createContentService } from './content.service';

const tags = ['content'];
const MANAGE = 'content:manage' as const;

/** Spec §7 Content. Pages are public to read; writing them needs content:manage (ADMIN, MANAGER). */
export const contentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createContentService(ctx);

  app.post(
    '/api/content/saveContent',
    {
      schema: { tags, body: SaveContentBody, response: { 201: ContentItem } },
      config: { access: MANAGE },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.put(
    '/api/content/updateContent/:id',
    {
      schema: { tags, params: IdParams, body: SaveContentBody, response: { 200: ContentItem } },
      config: { access: MANAGE },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.get(
    '/api/content/getContent/:id',
    { schema: { tags, params: IdParams, response: { 200: ContentItem } }, config: { access: 'public' } },
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/api/content/listContent',
    { schema: { tags, response: { 200: ContentList } }, config: { access: 'public' } },
    async () => service.list(),
  );

  app.delete(
    '/api/content/deleteContent/:id',
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: { access: MANAGE } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/content/menuStructure',
    {
      schema: {
        tags,
        description: 'Top-level name (extra data) -> category -> [{id, title}], each level in name order.',
        response: { 200: MenuStructure },
      },
      config: { access: 'public' },
    },
    async () => service.menuStructure(),
  );

  app.get(
    '/api/content/search',
    {
      schema: {
        tags,
        description:
          'Case-insensitive "contains" on each given field (title, category, extraData); all must match.',
        querystring: ContentSearchQuery,
        response: { 200: ContentList },
      },
      config: { access: 'public' },
    },
    async (request) => service.search(request.query),
  );

  // Not in the spec's list: the editor's Markdown preview, rendered and sanitised by the same code as a save.
  app.post(
    '/api/content/preview',
    {
      schema: { tags, body: ContentPreviewBody, response: { 200: ContentPreview } },
      config: { access: MANAGE },
    },
    async (request) => service.preview(request.body),
  );
};
