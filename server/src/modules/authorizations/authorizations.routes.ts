import {
  AuthorizationAuthIdParams,
  AuthorizationBody,
  AuthorizationColumnQuery,
  AuthorizationIdParams,
  AuthorizationPatientParams,
  AuthorizationWorklist,
  AuthorizationWorklistQuery,
  PatientAuthorization,
  PatientAuthorizationList,
} from '@clinic/contract/authorizations';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, routeAuditsOf, writeAuditOf } from '../../platform/audit';
import { createAuthorizationsService } from './authorizations.service';

const tags = ['authorizations'];
const READ = ['patient:read:any', 'patient:read:own'] as const;
const audits = routeAuditsOf('authorization');

/**
 * Patient authorizations (spec §7 Patient authorization, docs/decisions/0029): staff read anyone's, a
 * patient only their own; ADMIN and MANAGER add them, only ADMIN edits or removes them (§6). Writes commit
 * their audit row in the change's transaction; reads name the patient for the route's audit row.
 */
export const authorizationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAuthorizationsService(ctx);

  app.post(
    '/api/patientauthorization/add',
    {
      schema: { tags, body: AuthorizationBody, response: { 201: PatientAuthorization } },
      config: { access: 'authorization:create', audit: audits.create },
    },
    async (request, reply) => reply.code(201).send(await service.add(writeAuditOf(request), request.body)),
  );

  app.put(
    '/api/patientauthorization/edit/:id',
    {
      schema: {
        tags,
        params: AuthorizationIdParams,
        body: AuthorizationBody,
        response: { 200: PatientAuthorization },
      },
      config: { access: 'authorization:edit', audit: audits.update },
    },
    async (request) => service.edit(writeAuditOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/patientauthorization/edit-column/:id',
    {
      schema: {
        tags,
        params: AuthorizationIdParams,
        querystring: AuthorizationColumnQuery,
        response: { 200: PatientAuthorization },
      },
      config: { access: 'authorization:edit', audit: audits.update },
    },
    async (request) =>
      service.editColumn(
        writeAuditOf(request),
        request.params.id,
        request.query.columnName,
        request.query.value,
      ),
  );

  app.delete(
    '/api/patientauthorization/remove/:id',
    {
      schema: { tags, params: AuthorizationIdParams, response: { 204: Type.Null() } },
      config: { access: 'authorization:edit', audit: audits.delete },
    },
    async (request, reply) => {
      await service.remove(writeAuditOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/patientauthorization/find-by-patient/:id',
    {
      schema: { tags, params: AuthorizationIdParams, response: { 200: PatientAuthorizationList } },
      config: { access: READ, audit: audits.read },
    },
    async (request) => {
      auditPatient(request, request.params.id);
      return service.listByPatient(requireActor(request), request.params.id);
    },
  );

  app.get(
    '/api/patientauthorization/find-by-auth/:id',
    {
      schema: { tags, params: AuthorizationIdParams, response: { 200: PatientAuthorization } },
      config: { access: READ, audit: audits.read },
    },
    async (request) => {
      const authorization = await service.get(requireActor(request), request.params.id);
      auditPatient(request, authorization.patientId);
      return authorization;
    },
  );

  app.get(
    '/api/patientauthorization/latest-auth/:patientId',
    {
      schema: { tags, params: AuthorizationPatientParams, response: { 200: PatientAuthorization } },
      config: { access: READ, audit: audits.read },
    },
    async (request) => {
      auditPatient(request, request.params.patientId);
      const authorization = await service.latest(requireActor(request), request.params.patientId);
      auditPatient(request, authorization.patientId, authorization.authId);
      return authorization;
    },
  );

  app.get(
    '/api/patientauthorization/insptId/:authId',
    {
      schema: {
        tags,
        params: AuthorizationAuthIdParams,
        response: { 200: Type.Integer({ description: 'The insurance record id (insptId)' }) },
      },
      config: { access: READ, audit: audits.read },
    },
    async (request) => {
      const { patientId, insptId } = await service.insuranceRecordId(
        requireActor(request),
        request.params.authId,
      );
      auditPatient(request, patientId, request.params.authId);
      return insptId;
    },
  );

  app.get(
    '/api/patientauthorization/worklist',
    {
      schema: { tags, querystring: AuthorizationWorklistQuery, response: { 200: AuthorizationWorklist } },
      config: {
        access: 'authorization:worklist',
        audit: { action: 'read', resource: 'authorization-worklist' },
      },
    },
    async (request) => service.worklist(request.query),
  );
};
