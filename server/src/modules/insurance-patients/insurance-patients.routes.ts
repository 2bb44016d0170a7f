import {
  ActiveValueAddBody,
  ActiveValueEditBody,
  ActiveValueList,
  InsurancePatientBody,
  InsurancePatientIdParams,
  InsurancePatientListQuery,
  InsurancePatientRecord,
  InsurancePatientRecordList,
  PatientInsuranceRecordList,
} from '@clinic/contract/insurance-patients';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, patientNamerOf, routeAuditsOf, writeAuditOf } from '../../platform/audit';
import { sendKeyPage } from '../../platform/key-paging';
import { createInsurancePatientsService } from './insurance-patients.service';

const tags = ['insurance-patients'];
const READ = ['patient:read:any', 'patient:read:own'] as const;
const MANAGE = 'insurance-patient:manage';
const audit = routeAuditsOf('insurance-patient');

/**
 * Patient insurance records (spec §7 Insurance-patient info). Staff read anyone's, a patient their own;
 * ADMIN and MANAGER write them (docs/decisions/0029). Every write commits its audit row with the change.
 */
export const insurancePatientRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createInsurancePatientsService(ctx);

  app.post(
    '/api/insurancePatientInfo/save',
    {
      schema: { tags, body: InsurancePatientBody, response: { 201: InsurancePatientRecord } },
      config: { access: MANAGE, audit: audit.create },
    },
    async (request, reply) => reply.code(201).send(await service.save(request.body, writeAuditOf(request))),
  );

  app.get(
    '/api/insurancePatientInfo/all',
    {
      schema: { tags, querystring: InsurancePatientListQuery, response: { 200: InsurancePatientRecordList } },
      config: { access: 'patient:read:any', audit: audit.read },
    },
    async (request, reply) => sendKeyPage(request, reply, await service.listAll(request.query)),
  );

  app.get(
    '/api/insurancePatientInfo/patient/:id',
    {
      schema: { tags, params: InsurancePatientIdParams, response: { 200: PatientInsuranceRecordList } },
      config: { access: READ, audit: audit.read },
    },
    async (request) => {
      auditPatient(request, request.params.id);
      return service.listByPatient(requireActor(request), request.params.id);
    },
  );

  app.get(
    '/api/insurancePatientInfo/:id',
    {
      schema: { tags, params: InsurancePatientIdParams, response: { 200: InsurancePatientRecord } },
      config: { access: READ, audit: audit.read },
    },
    async (request) => service.getById(requireActor(request), request.params.id, patientNamerOf(request)),
  );

  app.patch(
    '/api/insurancePatientInfo/update/:id',
    {
      schema: {
        tags,
        params: InsurancePatientIdParams,
        body: InsurancePatientBody,
        response: { 200: InsurancePatientRecord },
      },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) => service.update(request.params.id, request.body, writeAuditOf(request)),
  );

  app.delete(
    '/api/insurancePatientInfo/delete/:id',
    {
      schema: { tags, params: InsurancePatientIdParams, response: { 204: Type.Null() } },
      config: { access: MANAGE, audit: audit.delete },
    },
    async (request, reply) => {
      await service.remove(request.params.id, writeAuditOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/insurancePatientInfo/:id/active',
    {
      schema: { tags, params: InsurancePatientIdParams, response: { 200: ActiveValueList } },
      config: { access: READ, audit: audit.read },
    },
    async (request) =>
      service.activeValues(requireActor(request), request.params.id, patientNamerOf(request)),
  );

  app.post(
    '/api/insurancePatientInfo/:id/active/add',
    {
      schema: {
        tags,
        params: InsurancePatientIdParams,
        body: ActiveValueAddBody,
        response: { 200: ActiveValueList },
      },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) => service.addActiveValue(request.params.id, request.body, writeAuditOf(request)),
  );

  app.put(
    '/api/insurancePatientInfo/:id/active/edit',
    {
      schema: {
        tags,
        params: InsurancePatientIdParams,
        body: ActiveValueEditBody,
        response: { 200: ActiveValueList },
      },
      config: { access: MANAGE, audit: audit.update },
    },
    async (request) => service.editActiveValue(request.params.id, request.body, writeAuditOf(request)),
  );
};
