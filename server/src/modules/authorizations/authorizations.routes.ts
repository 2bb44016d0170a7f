import { AuthorizationPatientParams, PatientAuthorization } from '@clinic/contract/authorizations';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient } from '../../platform/audit';
import { createAuthorizationsService } from './authorizations.service';

const tags = ['authorizations'];

/** The read the booking form needs (spec §7 Patient authorization); the rest of the domain comes later. */
export const authorizationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAuthorizationsService(ctx);

  app.get(
    '/api/patientauthorization/latest-auth/:patientId',
    {
      schema: { tags, params: AuthorizationPatientParams, response: { 200: PatientAuthorization } },
      config: {
        access: ['patient:read:any', 'patient:read:own'],
        audit: { action: 'read', resource: 'authorization' },
      },
    },
    async (request) => {
      auditPatient(request, request.params.patientId);
      const authorization = await service.latest(requireActor(request), request.params.patientId);
      auditPatient(request, authorization.patientId, authorization.authId);
      return authorization;
    },
  );
};
