import {
  Patient,
  PatientIdParams,
  PatientListQuery,
  PatientNameSearchQuery,
  PatientPage,
  PatientSearchList,
  PatientTermQuery,
  PatientUsernameParams,
  UpdateAccountBody,
  UpdateAccountQuery,
  UpdateDetailsBody,
  UpdateDetailsQuery,
} from '@clinic/contract/patients';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, writeAuditOf } from '../../platform/audit';
import { sendCursorPage } from '../../platform/key-paging';
import { loginRoute } from '../auth/auth.routes';
import { createPatientsService } from './patients.service';

const tags = ['patients'];
const READ = ['patient:read:any', 'patient:read:own'] as const;
/** Lists and searches across patients: staff only (spec §6 All Patients; a patient sees only themself). */
const STAFF_READ = 'patient:read:any' as const;
/** The patient's own profile and account (spec §6: "Patient profile edit ... PATIENT only"). */
const OWN_EDIT = 'patient:edit:own' as const;

export const patientRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPatientsService(ctx);

  app.post('/api/patientinfo/login', loginRoute('patient', ctx));

  app.put(
    '/api/patientinfo/update-details',
    {
      schema: { tags, querystring: UpdateDetailsQuery, body: UpdateDetailsBody, response: { 200: Patient } },
      config: { access: OWN_EDIT, audit: { action: 'update', resource: 'patient' } },
    },
    async (request) => {
      const patientId = await service.resolveTarget(request.query);
      return service.updateDetails(requireActor(request), patientId, request.body, writeAuditOf(request));
    },
  );

  app.put(
    '/api/patientinfo/update-account',
    {
      schema: { tags, querystring: UpdateAccountQuery, body: UpdateAccountBody, response: { 200: Patient } },
      config: { access: OWN_EDIT, audit: { action: 'update', resource: 'patient-account' } },
    },
    async (request) =>
      service.updateAccount(
        requireActor(request),
        request.query.patientId,
        request.body,
        writeAuditOf(request),
      ),
  );

  app.get(
    '/api/patientinfo/all',
    {
      schema: {
        tags,
        description:
          'All patients by last name (a list), or with ?page= and/or ?size= one page of them with the ' +
          'number that match ({ items, total, page, size }). ?q= filters: in the list, by name; paged, as the ' +
          'search does (name, e-mail, phone, date of birth, the closest matches first, at most 200, `more` ' +
          'when others match too).',
        querystring: PatientListQuery,
        response: { 200: Type.Union([Type.Array(Patient), PatientPage]) },
      },
      config: { access: STAFF_READ, audit: { action: 'search', resource: 'patient' } },
    },
    async (request, reply) => {
      auditPatient(request, null);
      const { query } = request;
      if (query.page === undefined && query.size === undefined) {
        return sendCursorPage(request, reply, await service.listByName(query));
      }
      return service.listPage(query);
    },
  );

  app.get(
    '/api/patientinfo/search',
    {
      schema: { tags, querystring: PatientNameSearchQuery, response: { 200: PatientSearchList } },
      config: { access: STAFF_READ, audit: { action: 'search', resource: 'patient' } },
    },
    async (request) => {
      auditPatient(request, null);
      return service.findByNames(request.query);
    },
  );

  app.get(
    '/api/patientinfo/search/all',
    {
      schema: {
        tags,
        description:
          'Patients whose name starts with ?query=, or with that id or username (the search popup).',
        querystring: PatientTermQuery,
        response: { 200: PatientSearchList },
      },
      config: { access: STAFF_READ, audit: { action: 'search', resource: 'patient' } },
    },
    async (request) => {
      auditPatient(request, null);
      return service.search(request.query.query, { termRequired: false });
    },
  );

  // The home page's search (§7 lists it among the calls "sent without a token"): it requires a staff
  // token here, since answering it anonymously would hand out patients' names and contacts to anyone
  // (docs/decisions: patient search needs staff).
  app.get(
    '/api/patient/search/all',
    {
      schema: { tags, querystring: PatientTermQuery, response: { 200: PatientSearchList } },
      config: { access: STAFF_READ, audit: { action: 'search', resource: 'patient' } },
    },
    async (request) => {
      auditPatient(request, null);
      return service.search(request.query.query, { termRequired: true });
    },
  );

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
