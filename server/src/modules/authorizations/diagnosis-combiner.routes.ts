import {
  AuthorizationCombinerList,
  CombinerAuthParams,
  CombinerCodeParams,
  CombinerIdParams,
  CombinerListQuery,
  DiagnosisCombiner,
  DiagnosisCombinerBody,
  DiagnosisCombinerList,
  NewDiagnosisQuery,
  NewProcedureQuery,
} from '@clinic/contract/diagnosis-combiner';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { patientNamerOf, routeAuditsOf, writeAuditOf } from '../../platform/audit';
import { sendKeyPage } from '../../platform/key-paging';
import { createDiagnosisCombinerService } from './diagnosis-combiner.service';

const tags = ['diagnosis-combiner'];
const READ = ['patient:read:any', 'patient:read:own'] as const;
const audit = routeAuditsOf('diagnosis-combiner');
const BASE = '/api/diagnosisCombiner';

/**
 * Diagnosis combiners: an authorization's diagnosis and procedure sets (spec §7 Diagnosis combiner,
 * docs/decisions/0029). Staff read any, a patient their own authorizations'; ADMIN and MANAGER add them
 * with an authorization, only ADMIN changes or deletes them or the codes in them.
 */
export const diagnosisCombinerRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createDiagnosisCombinerService(ctx);

  app.post(
    `${BASE}/save`,
    {
      schema: { tags, body: DiagnosisCombinerBody, response: { 201: DiagnosisCombiner } },
      config: { access: 'authorization:create', audit: audit.create },
    },
    async (request, reply) => reply.code(201).send(await service.save(request.body, writeAuditOf(request))),
  );

  app.get(
    `${BASE}/all`,
    {
      schema: { tags, querystring: CombinerListQuery, response: { 200: DiagnosisCombinerList } },
      config: { access: 'patient:read:any', audit: audit.read },
    },
    async (request, reply) => sendKeyPage(request, reply, await service.listAll(request.query)),
  );

  app.get(
    `${BASE}/auth/:authId`,
    {
      schema: { tags, params: CombinerAuthParams, response: { 200: AuthorizationCombinerList } },
      config: { access: READ, audit: audit.read },
    },
    async (request) =>
      service.listByAuthorization(requireActor(request), request.params.authId, patientNamerOf(request)),
  );

  app.get(
    `${BASE}/diagnosis-id/:authId`,
    {
      schema: {
        tags,
        params: CombinerAuthParams,
        response: { 200: Type.Integer({ description: "The id of the authorization's first combiner" }) },
      },
      config: { access: READ, audit: audit.read },
    },
    async (request) =>
      service.firstIdOfAuthorization(requireActor(request), request.params.authId, patientNamerOf(request)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: { tags, params: CombinerIdParams, response: { 200: DiagnosisCombiner } },
      config: { access: READ, audit: audit.read },
    },
    async (request) => service.getById(requireActor(request), request.params.id, patientNamerOf(request)),
  );

  app.delete(
    `${BASE}/delete/:id`,
    {
      schema: { tags, params: CombinerIdParams, response: { 204: Type.Null() } },
      config: { access: 'authorization:edit', audit: audit.delete },
    },
    async (request, reply) => {
      await service.remove(request.params.id, writeAuditOf(request));
      return reply.code(204).send(null);
    },
  );

  const codeRoute = { access: 'authorization:edit', audit: audit.update } as const;

  app.put(
    `${BASE}/:id/updateDiagnosis/:code`,
    {
      schema: {
        tags,
        params: CombinerCodeParams,
        querystring: NewDiagnosisQuery,
        response: { 200: DiagnosisCombiner },
      },
      config: codeRoute,
    },
    async (request) =>
      service.updateCode(
        request.params.id,
        'D',
        request.params.code,
        request.query.newDiagnosis,
        writeAuditOf(request),
      ),
  );

  app.put(
    `${BASE}/:id/updateProcedure/:code`,
    {
      schema: {
        tags,
        params: CombinerCodeParams,
        querystring: NewProcedureQuery,
        response: { 200: DiagnosisCombiner },
      },
      config: codeRoute,
    },
    async (request) =>
      service.updateCode(
        request.params.id,
        'P',
        request.params.code,
        request.query.newProcedure,
        writeAuditOf(request),
      ),
  );

  app.delete(
    `${BASE}/:id/deleteDiagnosis/:code`,
    {
      schema: { tags, params: CombinerCodeParams, response: { 200: DiagnosisCombiner } },
      config: codeRoute,
    },
    async (request) => service.deleteCode(request.params.id, 'D', request.params.code, writeAuditOf(request)),
  );

  app.delete(
    `${BASE}/:id/deleteProcedure/:code`,
    {
      schema: { tags, params: CombinerCodeParams, response: { 200: DiagnosisCombiner } },
      config: codeRoute,
    },
    async (request) => service.deleteCode(request.params.id, 'P', request.params.code, writeAuditOf(request)),
  );
};
