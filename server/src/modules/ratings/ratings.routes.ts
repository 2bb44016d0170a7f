import { Readable } from 'node:stream';
import { PatientIdParams } from '@clinic/contract/patients';
import {
  PatientRatingList,
  RATINGS_EXPORT_FILE,
  Rating,
  RatingBody,
  RatingFilterQuery,
  RatingIdParams,
  RatingList,
  RatingListQuery,
  RatingSummary,
} from '@clinic/contract/ratings';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import {
  auditPatient,
  patientNamerOf,
  routeAuditsOf,
  streamedPageAuditOf,
  writeAuditOf,
} from '../../platform/audit';
import { sendCursorPage } from '../../platform/key-paging';
import { createRatingsService } from './ratings.service';

const tags = ['ratings'];
const ADMIN = 'rating:read:any';
const WRITE = 'rating:write:own';
const READ = [ADMIN, WRITE] as const;
const audit = routeAuditsOf('rating');

/**
 * Ratings (spec §7 Ratings, docs/decisions/0031): a patient rates a completed visit of theirs once, by name
 * or anonymously; ADMIN reads the patients' ratings, their summary and their CSV. A patient reads the rating
 * rows of their own visits.
 */
export const ratingRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createRatingsService(ctx);

  app.post(
    '/api/ratings/add',
    {
      schema: { tags, body: RatingBody, response: { 201: Rating } },
      config: { access: WRITE, audit: audit.create },
    },
    async (request, reply) =>
      reply.code(201).send(await service.add(requireActor(request), request.body, writeAuditOf(request))),
  );

  app.put(
    '/api/ratings/update/:id',
    {
      schema: { tags, params: RatingIdParams, body: RatingBody, response: { 200: Rating } },
      config: { access: WRITE, audit: audit.update },
    },
    async (request) =>
      service.updateRating(requireActor(request), request.params.id, request.body, writeAuditOf(request)),
  );

  app.put(
    '/api/ratings/update/appointment/:id',
    {
      schema: { tags, params: RatingIdParams, body: RatingBody, response: { 200: Rating } },
      config: { access: WRITE, audit: audit.update },
    },
    async (request) =>
      service.updateAppointment(
        requireActor(request),
        request.params.id,
        request.body,
        writeAuditOf(request),
      ),
  );

  app.get(
    '/api/ratings/all',
    {
      schema: { tags, querystring: RatingListQuery, response: { 200: RatingList } },
      config: { access: ADMIN, audit: audit.read },
    },
    async (request, reply) => {
      const { page, total } = await service.list(request.query);
      reply.header('x-total-count', String(total));
      return sendCursorPage(request, reply, page);
    },
  );

  app.get(
    '/api/ratings/summary',
    {
      schema: { tags, querystring: RatingFilterQuery, response: { 200: RatingSummary } },
      config: { access: ADMIN, audit: audit.read },
    },
    async (request) => service.summary(request.query),
  );

  app.get(
    '/api/ratings/export',
    {
      schema: {
        tags,
        querystring: RatingFilterQuery,
        response: {
          200: {
            description: 'ratings_export.csv',
            content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) } },
          },
        },
      },
      config: { access: ADMIN, audit: audit.read },
    },
    async (request, reply) => {
      const lines = service.exportCsv(request.query, streamedPageAuditOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${RATINGS_EXPORT_FILE}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );

  app.get(
    '/api/ratings/appointment/all/:id',
    {
      schema: { tags, params: PatientIdParams, response: { 200: PatientRatingList } },
      config: { access: READ, audit: audit.read },
    },
    async (request) => {
      auditPatient(request, request.params.id);
      return service.listOfPatient(requireActor(request), request.params.id);
    },
  );

  app.get(
    '/api/ratings/appointment/:id',
    {
      schema: { tags, params: RatingIdParams, response: { 200: Rating } },
      config: { access: READ, audit: audit.read },
    },
    async (request) =>
      service.getByAppointment(requireActor(request), request.params.id, patientNamerOf(request)),
  );

  app.get(
    '/api/ratings/:id',
    {
      schema: { tags, params: RatingIdParams, response: { 200: Rating } },
      config: { access: READ, audit: audit.read },
    },
    async (request) => service.getById(requireActor(request), request.params.id, patientNamerOf(request)),
  );
};
