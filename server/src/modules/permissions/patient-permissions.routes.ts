import { IdParams } from '@clinic/contract/common';
import {
  PatientPermissions,
  PatientPermissionsBody,
  PermissionsListQuery,
  UpdateColumnQuery,
} from '@clinic/contract/patient-permissions';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, writeAuditOf } from '../../platform/audit';
import { sendKeyPage } from '../../platform/key-paging';
import { createPatientPermissionsService } from './patient-permissions.service';

const tags = ['patient-permissions'];
const resource = 'patient-permissions';
/** Staff read anyone's preferences (to honour them); a patient reads their own. */
const READ = ['patient:read:any', 'patient:read:own'] as const;
/** Saving communication preferences: PATIENT only (spec §6), their own record only. */
const OWN_EDIT = 'patient:edit:own' as const;

export const patientPermissionRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createPatientPermissionsService(ctx);

  app.post(
    '/api/patient-permissions/add',
    {
      schema: { tags, body: PatientPermissionsBody, response: { 201: PatientPermissions } },
      config: { access: OWN_EDIT, audit: { action: 'create', resource } },
    },
    async (request, reply) => {
      const created = await service.create(requireActor(request), request.body, writeAuditOf(request));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/patient-permissions/getall',
    {
      schema: { tags, querystring: PermissionsListQuery, response: { 200: Type.Array(PatientPermissions) } },
      config: { access: 'patient:read:any', audit: { action: 'read', resource } },
    },
    async (request, reply) => {
      auditPatient(request, null);
      return sendKeyPage(request, reply, await service.listAll(request.query));
    },
  );

  app.get(
    '/api/patient-permissions/id/:id',
    {
      schema: { tags, params: IdParams, response: { 200: PatientPermissions } },
      config: { access: READ, audit: { action: 'read', resource } },
    },
    async (request) => {
      auditPatient(request, await service.ownerOf(request.params.id));
      return service.getById(requireActor(request), request.params.id);
    },
  );

  app.get(
    '/api/patient-permissions/patient/:id',
    {
      schema: { tags, params: IdParams, response: { 200: PatientPermissions } },
      config: { access: READ, audit: { action: 'read', resource } },
    },
    async (request) => {
      auditPatient(request, request.params.id);
      const preferences = await service.getByPatient(requireActor(request), request.params.id);
      auditPatient(request, preferences.patientId, preferences.permissionId);
      return preferences;
    },
  );

  app.put(
    '/api/patient-permissions/:id',
    {
      schema: { tags, params: IdParams, body: PatientPermissionsBody, response: { 200: PatientPermissions } },
      config: { access: OWN_EDIT, audit: { action: 'update', resource } },
    },
    async (request) =>
      service.update(requireActor(request), request.params.id, request.body, writeAuditOf(request)),
  );

  app.put(
    '/api/patient-permissions/:id/update-column',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: UpdateColumnQuery,
        response: { 200: PatientPermissions },
      },
      config: { access: OWN_EDIT, audit: { action: 'update', resource } },
    },
    async (request) => {
      const { column, value } = request.query;
      return service.updateColumn(
        requireActor(request),
        request.params.id,
        column,
        value,
        writeAuditOf(request),
      );
    },
  );

  app.delete(
    '/api/patient-permissions/delete/:id',
    {
      schema: { tags, params: IdParams, response: { 204: Type.Null() } },
      config: { access: OWN_EDIT, audit: { action: 'delete', resource } },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.params.id, writeAuditOf(request));
      return reply.code(204).send(null);
    },
  );
};
