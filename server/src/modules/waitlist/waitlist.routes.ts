import { IdParams } from '@clinic/contract/common';
import {
  AcceptOfferResponse,
  JoinWaitlistBody,
  WaitlistEntry,
  WaitlistList,
} from '@clinic/contract/waitlist';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, writeAuditOf } from '../../platform/audit';
import { createWaitlistService } from './waitlist.service';

const tags = ['waitlist'];
const resource = 'waitlist';
/** Patients only, for themselves: staff book freed times directly. */
const OWN = ['appointment:book:own'] as const;

/** Beyond the spec (issue 14; docs/decisions/0038): the waitlist of full days. */
export const waitlistRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createWaitlistService(ctx);

  app.post(
    '/api/waitlist',
    {
      schema: { tags, body: JoinWaitlistBody, response: { 201: WaitlistEntry } },
      config: { access: OWN, audit: { action: 'create', resource } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.join(requireActor(request), request.body, writeAuditOf(request))),
  );

  app.get(
    '/api/waitlist/mine',
    {
      schema: { tags, response: { 200: WaitlistList } },
      config: { access: OWN, audit: { action: 'read', resource } },
    },
    async (request) => {
      const actor = requireActor(request);
      auditPatient(request, actor.patientId ?? null);
      return service.listMine(actor);
    },
  );

  app.delete(
    '/api/waitlist/:id',
    {
      schema: { tags, params: IdParams, response: { 200: WaitlistEntry } },
      config: { access: OWN, audit: { action: 'update', resource } },
    },
    async (request) => service.leave(requireActor(request), request.params.id, writeAuditOf(request)),
  );

  app.post(
    '/api/waitlist/:id/accept',
    {
      schema: { tags, params: IdParams, response: { 201: AcceptOfferResponse } },
      config: { access: OWN, audit: { action: 'create', resource: 'appointment' } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.accept(requireActor(request), request.params.id, writeAuditOf(request))),
  );
};
