import { PointsBank, PointsBankPatientParams } from '@clinic/contract/points';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient } from '../../platform/audit';
import { createPointsBankService } from './points-bank.service';

const tags = ['points'];

export const pointsBankRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPointsBankService(ctx);

  app.get(
    '/api/points-bank/:patientId',
    {
      schema: { tags, params: PointsBankPatientParams, response: { 200: PointsBank } },
      config: {
        access: ['points:read:any', 'points:read:own'],
        audit: { action: 'read', resource: 'points-bank' },
      },
    },
    async (request) => {
      auditPatient(request, request.params.patientId);
      const bank = await service.getByPatient(requireActor(request), request.params.patientId);
      auditPatient(request, bank.patientId, bank.pointsBankId);
      return bank;
    },
  );
};
