import {
  ActiveValueList,
  InsurancePatientIdParams,
  InsurancePatientRecordList,
} from '@clinic/contract/insurance-patients';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient } from '../../platform/audit';
import { createInsurancePatientsService } from './insurance-patients.service';

const tags = ['insurance-patients'];
const READ = ['patient:read:any', 'patient:read:own'] as const;
const audit = { action: 'read', resource: 'insurance-patient' } as const;

/** The reads the booking form needs (spec §7 Insurance-patient info); the rest of the domain comes later. */
export const insurancePatientRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createInsurancePatientsService(ctx);

  app.get(
    '/api/insurancePatientInfo/patient/:id',
    {
      schema: { tags, params: InsurancePatientIdParams, response: { 200: InsurancePatientRecordList } },
      config: { access: READ, audit },
    },
    async (request) => {
      auditPatient(request, request.params.id);
      return service.listByPatient(requireActor(request), request.params.id);
    },
  );

  app.get(
    '/api/insurancePatientInfo/:id/active',
    {
      schema: { tags, params: InsurancePatientIdParams, response: { 200: ActiveValueList } },
      config: { access: READ, audit },
    },
    async (request) => {
      const { patientId, values } = await service.activeValues(requireActor(request), request.params.id);
      auditPatient(request, patientId);
      return values;
    },
  );
};
