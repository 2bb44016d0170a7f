import { Patient, PatientIdParams, PatientUsernameParams } from '@clinic/contract/patients';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient } from '../../platform/audit';
import { loginRoute } from '../auth/auth.routes';
import { createPatientsService } from './patients.service';

const tags = ['patients'];
const READ = ['patient:read:any', 'patient:read:own'] as const;

export const patientRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPatientsService(ctx);

  app.post('/api/patientinfo/login', loginRoute('patient', ctx));

  app.get(
    '/api/patientinfo/by-username/:u',
    {
      schema: { tags, params: PatientUsernameParams, response: { 200: Patient } },
      config: { access: READ, audit: { action: 'read', resource: 'patient' } },
    },
    async (request) => {
      const patient = await service.getByUsername(requireActor(request), request.params.u);
      auditPatient(request, patient.patientId, patient.patientId);
      return patient;
    },
  );

  app.get(
    '/api/patientinfo/:id',
    {
      schema: { tags, params: PatientIdParams, response: { 200: Patient } },
      config: { access: READ, audit: { action: 'read', resource: 'patient' } },
    },
    async (request) => {
      auditPatient(request, request.params.id);
      return service.getById(requireActor(request), request.params.id);
    },
  );
};
