import { ImageCategoryParams, ImageFileParams } from '@clinic/contract/image-params';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { notFound } from '../../platform/errors';
import { readImageUpload } from '../../platform/image-upload';
import type { ImageFile } from '../../platform/images';
import { createImagesService } from './images.service';

const tags = ['images'];
const TEXT = Type.String({ description: 'text/plain' });
const BINARY = Type.String({ format: 'binary', description: 'the image (PNG, JPEG, WebP or GIF)' });
const UPLOAD_DESCRIPTION =
  'multipart/form-data: file (PNG, JPEG, WebP or GIF, at most 5 MB, checked by content and re-encoded), ' +
  'filename (optional; reduced to its last segment and a-z 0-9 . _ -). Answers the stored file name as text.';

/** Sends an image with its real type; `nosniff` so a browser never reads it as anything else. */
function sendImage(request: FastifyRequest, reply: FastifyReply, image: ImageFile) {
  const etag = `W/"${image.body.length.toString(16)}-${image.modifiedAt.getTime().toString(16)}"`;
  reply
    .header('x-content-type-options', 'nosniff')
    // Names can be uploaded again or deleted: revalidate every time (a 304 costs nothing).
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('last-modified', image.modifiedAt.toUTCString());
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(image.contentType).send(image.body);
}

export const imageRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createImagesService(ctx);

  app.post(
    '/api/images/upload',
    {
      schema: {
        tags,
        description: `${UPLOAD_DESCRIPTION} Field directory: one of the image folders.`,
        consumes: ['multipart/form-data'],
        response: { 200: TEXT },
      },
      config: { access: 'image:upload' },
    },
    async (request, reply) => {
      const upload = await readImageUpload(request);
      const name = await service.upload(upload.fields.directory, upload.requestedName, upload.bytes);
      return reply.type('text/plain; charset=utf-8').send(name);
    },
  );

  // Per-category helpers (spec §7 "per-category upload, delete and URL helpers"; decision 0008).
  app.post(
    '/api/images/:category/upload',
    {
      schema: {
        tags,
        description: UPLOAD_DESCRIPTION,
        consumes: ['multipart/form-data'],
        params: ImageCategoryParams,
        response: { 200: TEXT },
      },
      config: { access: 'image:upload' },
    },
    async (request, reply) => {
      const upload = await readImageUpload(request);
      const name = await service.upload(request.params.category, upload.requestedName, upload.bytes);
      return reply.type('text/plain; charset=utf-8').send(name);
    },
  );

  app.get(
    '/api/images/:directory',
    {
      schema: {
        tags,
        description: "The folder's default image (a blank file name).",
        params: Type.Object({ directory: Type.String({ minLength: 1, maxLength: 60 }) }),
        response: { 200: BINARY },
      },
      config: { access: 'public' },
    },
    async (request, reply) => sendImage(request, reply, await service.get(request.params.directory, '')),
  );

  app.get(
    '/api/images/:directory/:file',
    {
      schema: {
        tags,
        description: "The stored image; a missing or blank name gives the folder's default image.",
        params: ImageFileParams,
        response: { 200: BINARY },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      sendImage(request, reply, await service.get(request.params.directory, request.params.file)),
  );

  app.delete(
    '/api/images/newdir/:directory/:file',
    {
      schema: { tags, params: ImageFileParams, response: { 200: TEXT } },
      config: { access: 'image:delete' },
    },
    async (request, reply) => {
      const name = await service.remove(request.params.directory, request.params.file);
      return reply.type('text/plain; charset=utf-8').send(`Deleted ${name}`);
    },
  );

  // Named as the read of the same path names its parameters (one path, one set of names in the API document).
  app.delete(
    '/api/images/:directory/:file',
    {
      schema: { tags, params: ImageFileParams, response: { 200: TEXT } },
      config: { access: 'image:delete' },
    },
    async (request, reply) => {
      const name = await service.remove(request.params.directory, request.params.file);
      return reply.type('text/plain; charset=utf-8').send(`Deleted ${name}`);
    },
  );

  // The same files at /images/... (no /api): the spec's default-image paths and every <img src> use it.
  // More specific than the web app's static wildcard, so uploaded files win over built ones.
  app.get('/images/*', { schema: { hide: true } }, async (request, reply) => {
    const wildcard = (request.params as { '*': string })['*'] ?? '';
    const image = await service.getPublic(wildcard);
    if (!image) throw notFound(`No such image: /images/${wildcard.slice(0, 200)}`);
    return sendImage(request, reply, image);
  });
};
