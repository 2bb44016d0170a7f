import { IdParams } from '@clinic/contract/common';
import {
  Office,
  OfficeAddBody,
  OfficeHours,
  OfficeHoursAllQuery,
  OfficeHoursDateParams,
  OfficeHoursListQuery,
  OfficeHoursOfOffice,
  OfficeHoursRangeBody,
  OfficeHoursRangeResult,
  OfficeHoursSaveBody,
  OfficeHoursValidateQuery,
  OfficeHoursValidation,
  OfficeIdParams,
  OfficeImageList,
  OfficeImagesBody,
  OfficeList,
  OfficeSearchList,
  OfficeSearchQuery,
  OfficeUpdateBody,
} from '@clinic/contract/offices';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { sendKeyPage } from '../../platform/key-paging';
import { createOfficeHoursService } from './office-hours.service';
import { createOfficesService } from './offices.service';

/**
 * Offices and office hours (spec §7). Reads are public (the /office page, the booking form); who may write
 * what is in docs/decisions/0011-office-write-permissions-and-hours.md.
 */
export const officeRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const offices = createOfficesService(ctx);
  const hours = createOfficeHoursService(ctx);
  const tags = ['offices'];
  const hoursTags = ['office hours'];
  const TEXT = Type.String({ description: 'text/plain' });

  app.get(
    '/api/office/all',
    { schema: { tags, response: { 200: OfficeList } }, config: { access: 'public', keptWhile: 'directory' } },
    async () => offices.list(),
  );

  app.get(
    '/api/office/search',
    {
      schema: {
        tags,
        description:
          'Offices whose name, address or key contains the text (query, q or name); all without one.',
        querystring: OfficeSearchQuery,
        response: { 200: OfficeSearchList },
      },
      config: { access: 'public' },
    },
    async (request) => offices.search(request.query),
  );

  app.get(
    '/api/office/:id',
    { schema: { tags, params: IdParams, response: { 200: Office } }, config: { access: 'public' } },
    async (request) => offices.get(request.params.id),
  );

  app.get(
    '/api/office/:id/name',
    { schema: { tags, params: IdParams, response: { 200: TEXT } }, config: { access: 'public' } },
    async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(await offices.name(request.params.id)),
  );

  app.get(
    '/api/office/:id/images',
    {
      schema: { tags, params: IdParams, response: { 200: OfficeImageList } },
      config: { access: 'public' },
    },
    async (request) => offices.images(request.params.id),
  );

  app.post(
    '/api/office/add',
    { schema: { tags, body: OfficeAddBody, response: { 201: Office } }, config: { access: 'office:manage' } },
    async (request, reply) => reply.code(201).send(await offices.add(request.body)),
  );

  app.put(
    '/api/office/update/:id',
    {
      schema: { tags, params: IdParams, body: OfficeUpdateBody, response: { 200: Office } },
      config: { access: 'office:edit' },
    },
    async (request) => offices.update(requireActor(request), request.params.id, request.body),
  );

  app.put(
    '/api/office/:id/update/images',
    {
      schema: { tags, params: IdParams, body: OfficeImagesBody, response: { 200: Office } },
      config: { access: 'office:edit' },
    },
    async (request) => offices.updateImages(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/office/delete/:id',
    {
      schema: { tags, params: IdParams, response: { 204: Type.Null() } },
      config: { access: 'office:delete' },
    },
    async (request, reply) => {
      await offices.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/office-hours/save',
    {
      schema: { tags: hoursTags, body: OfficeHoursSaveBody, response: { 200: OfficeHours } },
      config: { access: 'office:manage' },
    },
    async (request) => hours.save(request.body),
  );

  app.post(
    '/api/office-hours/save-range',
    {
      schema: { tags: hoursTags, body: OfficeHoursRangeBody, response: { 200: OfficeHoursRangeResult } },
      config: { access: 'office:manage' },
    },
    async (request) => hours.saveRange(request.body),
  );

  app.get(
    '/api/office-hours/all',
    {
      schema: {
        tags: hoursTags,
        querystring: OfficeHoursAllQuery,
        response: { 200: Type.Array(OfficeHours) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => sendKeyPage(request, reply, await hours.list(request.query)),
  );

  app.get(
    '/api/office-hours/validate',
    {
      schema: {
        tags: hoursTags,
        querystring: OfficeHoursValidateQuery,
        response: { 200: OfficeHoursValidation },
      },
      config: { access: 'public' },
    },
    async (request) => hours.validate(request.query),
  );

  app.get(
    '/api/office-hours/:id',
    {
      schema: { tags: hoursTags, params: IdParams, response: { 200: OfficeHours } },
      config: { access: 'public' },
    },
    async (request) => hours.get(request.params.id),
  );

  app.get(
    '/api/office-hours/office/:officeId',
    {
      schema: {
        tags: hoursTags,
        params: OfficeIdParams,
        querystring: OfficeHoursListQuery,
        response: { 200: OfficeHoursOfOffice },
      },
      config: { access: 'public' },
    },
    async (request) => hours.listByOffice(request.params.officeId, request.query),
  );

  app.get(
    '/api/office-hours/office/:officeId/date/:date',
    {
      schema: { tags: hoursTags, params: OfficeHoursDateParams, response: { 200: OfficeHours } },
      config: { access: 'public' },
    },
    async (request) => hours.getByOfficeAndDate(request.params.officeId, request.params.date),
  );

  app.delete(
    '/api/office-hours/delete/:id',
    {
      schema: { tags: hoursTags, params: IdParams, response: { 204: Type.Null() } },
      config: { access: 'office:delete' },
    },
    async (request, reply) => {
      await hours.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
