import {
  CareTeamQuery,
  Doctor,
  DoctorAccountBody,
  DoctorAccountQuery,
  DoctorAccountResponse,
  DoctorDetailsBody,
  DoctorDetailsQuery,
  DoctorIdParams,
  DoctorList,
  DoctorOfficeQuery,
  DoctorUsernameParams,
  HomeSearchQuery,
  OfficeDoctorList,
  PublicDoctorSearchList,
  RegisteredStaff,
  RegisterStaffBody,
} from '@clinic/contract/doctors';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { loginRoute } from '../auth/auth.routes';
import { createDoctorsService } from './doctors.service';

const tags = ['doctors'];

/**
 * Doctor info (spec §7). The directory calls are public and answer only what the directory shows; staff
 * callers get the whole record with the account's username. Writes: ADMIN registers staff and edits any
 * record; every staff member edits their own.
 */
export const doctorRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createDoctorsService(ctx);

  app.post('/api/doctorinfo/doctor/login', loginRoute('staff', ctx));

  app.post(
    '/api/doctorinfo/doctor/register/credentials',
    {
      schema: { tags, body: RegisterStaffBody, response: { 201: RegisteredStaff } },
      config: { access: 'staff:register' },
    },
    async (request, reply) => reply.code(201).send(await service.registerStaff(request.body)),
  );

  app.put(
    '/api/doctorinfo/update/details',
    {
      schema: { tags, querystring: DoctorDetailsQuery, body: DoctorDetailsBody, response: { 200: Doctor } },
      config: { access: 'staff:profile:own' },
    },
    async (request) => service.updateDetails(requireActor(request), request.query, request.body),
  );

  app.put(
    '/api/doctorinfo/update-account',
    {
      schema: {
        tags,
        querystring: DoctorAccountQuery,
        body: DoctorAccountBody,
        response: { 200: DoctorAccountResponse },
      },
      config: { access: 'staff:profile:own' },
    },
    async (request) => service.updateAccount(requireActor(request), request.query.doctorId, request.body),
  );

  app.get(
    '/api/doctorinfo/doctor/all/details',
    {
      schema: { tags, querystring: CareTeamQuery, response: { 200: DoctorList } },
      config: { access: 'public', keptWhile: 'directory' },
    },
    async (request, reply) => {
      const { page } = request.query;
      if (page === undefined) return service.listAll(request.actor);
      const { doctors, total } = await service.careTeamPage(request.actor, { ...request.query, page });
      reply.header('x-total-count', String(total));
      return doctors;
    },
  );

  app.get(
    '/api/doctorinfo/doctor/by-username/:u',
    {
      schema: { tags, params: DoctorUsernameParams, response: { 200: Doctor } },
      config: { access: 'staff:profile:own' },
    },
    async (request) => service.getByUsername(requireActor(request), request.params.u),
  );

  app.get(
    '/api/doctorinfo/search',
    {
      schema: { tags, querystring: DoctorOfficeQuery, response: { 200: OfficeDoctorList } },
      config: { access: 'public', keptWhile: 'directory' },
    },
    async (request) => service.listByOffice(request.actor, request.query.officeId),
  );

  app.get(
    '/api/doctorinfo/:id',
    { schema: { tags, params: DoctorIdParams, response: { 200: Doctor } }, config: { access: 'public' } },
    async (request) => service.getById(request.actor, request.params.id),
  );

  app.get(
    '/api/doctor/search/all',
    {
      schema: { tags, querystring: HomeSearchQuery, response: { 200: PublicDoctorSearchList } },
      config: { access: 'public' },
    },
    async (request) => service.homeSearch(request.query.query),
  );
};
