import {
  PointsAdjustQuery,
  PointsBank,
  PointsBankAddBody,
  PointsBankIdParams,
  PointsBankList,
  PointsBankListQuery,
  PointsBankPatientParams,
  PointsFromAppointmentQuery,
} from '@clinic/contract/points';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, routeAuditsOf, writeAuditOf } from '../../platform/audit';
import { sendKeyPage } from '../../platform/key-paging';
import { createPointsBankService } from './points-bank.service';

const tags = ['points'];
const MANAGE = 'points:manage';
const audit = routeAuditsOf('points-bank');

/**
 * Points banks (spec §7 Points bank; docs/decisions/0031): staff read every bank, a patient their own;
 * ADMIN and MANAGER open banks, set balances and award a visit's points.
 */
export const pointsBankRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPointsBankService(ctx);

  app.get(
    '/api/points-bank/all',
    {
      schema: { tags, querystring: PointsBankListQuery, response: { 200: PointsBankList } },
      config: { access: 'points:read:any', audit: audit.read },
    },
    async (request, reply) => sendKeyPage(request, reply, await service.listAll(request.query)),
  );

  app.get(
    '/api/points-bank/:patientId',
    {
      schema: { tags, params: PointsBankPatientParams, response: { 200: PointsBank } },
      config: { access: ['points:read:any', 'points:read:own'], audit: audit.read },
    },
    async (request) => {
      auditPatient(request, request.params.patientId);
      const bank = await service.getByPatient(requireActor(request), request.params.patientId);
      auditPatient(request, bank.patientId, bank.pointsBankId);
      return bank;
    },
  );

  app.put(
    '/api/points-bank/update/:id',
    {
      schema: {
        tags,
        description:
          'Sets bank {id} to totalPoints, recorded in the ledger as an adjustment with the reason.',
        params: PointsBankIdParams,
        querystring: PointsAdjustQuery,
        response: { 200: PointsBank },
      },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) =>
      service.adjust(requireActor(request), request.params.id, request.query, writeAuditOf(request)),
  );

  app.post(
    '/api/points-bank/add',
    {
      schema: { tags, body: PointsBankAddBody, response: { 201: PointsBank } },
      config: { access: MANAGE, audit: audit.create },
    },
    async (request, reply) =>
      reply.code(201).send(await service.open(requireActor(request), request.body, writeAuditOf(request))),
  );

  app.post(
    '/api/points-bank/addFromAppointment',
    {
      schema: { tags, querystring: PointsFromAppointmentQuery, response: { 200: PointsBank } },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) =>
      service.awardForAppointment(requireActor(request), request.query, writeAuditOf(request)),
  );
};
