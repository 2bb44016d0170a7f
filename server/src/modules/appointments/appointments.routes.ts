import {
  AddAppointmentBody,
  AddAppointmentResponse,
  AllAppointmentsQuery,
  Appointment,
  AppointmentDateParams,
  AppointmentIdParams,
  AppointmentList,
  AppointmentPageQuery,
  AvailableTimesQuery,
  AvailableTimesResponse,
  DeleteAppointmentResponse,
  LatestStatusChanges,
  NextAvailableQuery,
  NextAvailableResponse,
  OfficeDateQuery,
  OfficeDayQuery,
  StatusHistory,
  UndoStatusBody,
  UpdateAppointmentBody,
  UpdateConformationBody,
  UpdateTypeVisitQuery,
} from '@clinic/contract/appointments';
import {
  AssignProviderBody,
  CalendarQuery,
  CalendarResponse,
  MoveAppointmentBody,
} from '@clinic/contract/calendar';
import { MSG } from '@clinic/contract/messages';
import { ChangePolicy, RescheduleBody } from '@clinic/contract/self-service';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { onSendHookHandler } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient, streamedPageAuditOf, writeAuditOf } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { sendCursorPage } from '../../platform/key-paging';
import { createAppointmentsService } from './appointments.service';
import { OfficeDayFeed, streamOfficeDay } from './live-board';

const tags = ['appointments'];
const READ = ['appointment:read:any', 'appointment:read:own'] as const;
const BOOK = ['appointment:book:any', 'appointment:book:own'] as const;
const CHECK_IN = ['checkin:any-office', 'checkin:own-office'] as const;
const readAudit = { action: 'read', resource: 'appointment' } as const;

/**
 * The booking call answers `{ success, message }` whatever happens (spec §7): failures keep the error
 * handler's status and code and gain `success: false`, so a client reads one shape.
 */
const withSuccessFlag: onSendHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    return JSON.stringify({ success: false, ...body });
  } catch {
    return payload;
  }
};

export const appointmentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAppointmentsService(ctx);
  const feed = new OfficeDayFeed(ctx.listen);
  await feed.started;
  // Open streams are never idle: end them first, or closing would wait for every board to go.
  app.addHook('preClose', async () => feed.close());

  // No patient data: the slots of an office-day and which are full. Signed-in users only, since only they
  // book, and the clinics' daily load is not for scraping.
  app.get(
    '/api/appointments/available-times',
    {
      schema: { tags, querystring: AvailableTimesQuery, response: { 200: AvailableTimesResponse } },
      config: { access: 'authenticated' },
    },
    async (request) => service.availableTimes(request.query),
  );

  // Beyond the spec (issue 14): where the next free time is, and how far ahead the office has hours, so
  // the booking form can bound its date picker and offer the next date instead of 'no hours'.
  app.get(
    '/api/appointments/next-available',
    {
      schema: { tags, querystring: NextAvailableQuery, response: { 200: NextAvailableResponse } },
      config: { access: 'authenticated' },
    },
    async (request) => service.nextAvailable(request.query),
  );

  // Beyond the spec (issue 14): patients cancel and move their own visits up to the network's cut-off.
  app.get(
    '/api/appointments/change-policy',
    { schema: { tags, response: { 200: ChangePolicy } }, config: { access: 'authenticated' } },
    async () => service.changePolicy(),
  );

  app.post(
    '/api/appointments/:id/cancel',
    {
      schema: { tags, params: AppointmentIdParams, response: { 200: Appointment } },
      config: { access: ['appointment:book:own'], audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) => service.cancelOwn(requireActor(request), request.params.id, writeAuditOf(request)),
  );

  app.post(
    '/api/appointments/:id/reschedule',
    {
      schema: { tags, params: AppointmentIdParams, body: RescheduleBody, response: { 200: Appointment } },
      config: { access: ['appointment:book:own'], audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) =>
      service.rescheduleOwn(requireActor(request), request.params.id, request.body, writeAuditOf(request)),
  );

  app.get(
    '/api/appointments/:id/status-history',
    {
      schema: { tags, params: AppointmentIdParams, response: { 200: StatusHistory } },
      config: { access: READ, audit: readAudit },
    },
    async (request) => {
      const history = await service.statusHistory(requireActor(request), request.params.id);
      auditPatient(request, history.patientId);
      return history.changes;
    },
  );

  app.post(
    '/api/appointments/add',
    {
      schema: {
        tags,
        body: AddAppointmentBody,
        response: { 201: AddAppointmentResponse },
      },
      config: { access: BOOK, audit: { action: 'create', resource: 'appointment' } },
      onSend: withSuccessFlag,
    },
    async (request, reply) => {
      const { id } = await service.add(requireActor(request), request.body, writeAuditOf(request));
      return reply.code(201).send({ success: true, message: MSG.appointmentAdded, appoinmentId: id });
    },
  );

  app.get(
    '/api/appointments/all',
    {
      schema: { tags, querystring: AllAppointmentsQuery, response: { 200: AppointmentList } },
      config: { access: READ, audit: readAudit },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const patientId = actor.role === 'PATIENT' ? actor.patientId : (request.query.patientId ?? null);
      auditPatient(request, patientId);
      const { limit, cursor } = request.query;
      return sendCursorPage(request, reply, await service.list(actor, { patientId }, { limit, cursor }));
    },
  );

  app.get(
    '/api/appointments/office/:id',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        querystring: AppointmentPageQuery,
        response: { 200: AppointmentList },
      },
      config: { access: READ, audit: readAudit },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      auditPatient(request, actor.patientId);
      return sendCursorPage(
        request,
        reply,
        await service.list(actor, { officeId: request.params.id }, request.query),
      );
    },
  );

  app.get(
    '/api/appointments/doctor/:id',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        querystring: AppointmentPageQuery,
        response: { 200: AppointmentList },
      },
      config: { access: READ, audit: readAudit },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      auditPatient(request, actor.patientId);
      return sendCursorPage(
        request,
        reply,
        await service.list(actor, { doctorId: request.params.id }, request.query),
      );
    },
  );

  app.get(
    '/api/appointments/diag/:id',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        querystring: AppointmentPageQuery,
        response: { 200: AppointmentList },
      },
      config: { access: READ, audit: readAudit },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      auditPatient(request, actor.patientId);
      return sendCursorPage(
        request,
        reply,
        await service.list(actor, { diagnosisCombinerId: request.params.id }, request.query),
      );
    },
  );

  app.get(
    '/api/appointments/date/:date',
    {
      schema: {
        tags,
        params: AppointmentDateParams,
        querystring: AppointmentPageQuery,
        response: { 200: AppointmentList },
      },
      config: { access: READ, audit: readAudit },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      auditPatient(request, actor.patientId, request.params.date);
      return sendCursorPage(
        request,
        reply,
        await service.list(actor, { date: request.params.date }, request.query),
      );
    },
  );

  app.get(
    '/api/appointments/by-office-and-date',
    {
      schema: { tags, querystring: OfficeDateQuery, response: { 200: AppointmentList } },
      config: { access: READ, audit: readAudit },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      auditPatient(request, actor.patientId, `${request.query.officeId}/${request.query.date}`);
      const { officeId, date, limit, cursor } = request.query;
      return sendCursorPage(request, reply, await service.list(actor, { officeId, date }, { limit, cursor }));
    },
  );

  // Beyond the spec (issue 15): a check-in board's live feed, as server-sent events. It names only the
  // office-day that changed; the board then reads the day again through the list above.
  app.get(
    '/api/appointments/live',
    {
      schema: {
        tags,
        querystring: OfficeDayQuery,
        response: { 200: Type.String({ description: 'text/event-stream: ready, then change events' }) },
      },
      config: { access: CHECK_IN },
    },
    async (request, reply) => {
      const { officeId, date } = request.query;
      await service.assertCheckInDay(requireActor(request), officeId, date);
      if (streamOfficeDay(reply, feed, officeId, date)) return reply;
      throw new AppError(
        503,
        'live_unavailable',
        'Live updates are not available now; the board refreshes itself.',
        undefined,
        { 'retry-after': '30' },
      );
    },
  );

  // Beyond the spec (issue 15): who changed each visit's status last and when, for the check-in cards.
  app.get(
    '/api/appointments/latest-status-changes',
    {
      schema: { tags, querystring: OfficeDayQuery, response: { 200: LatestStatusChanges } },
      config: { access: CHECK_IN, audit: readAudit },
    },
    async (request) => {
      const { officeId, date } = request.query;
      auditPatient(request, null, `${officeId}/${date}`);
      return service.latestStatusChanges(requireActor(request), officeId, date);
    },
  );

  // Beyond the spec (issue 15): the provider calendar of an office's day or week in one answer. It names its
  // patients in audit rows of their own (the answer is an object, which the audit hook does not read).
  app.get(
    '/api/appointments/calendar',
    {
      schema: { tags, querystring: CalendarQuery, response: { 200: CalendarResponse } },
      config: { access: 'calendar:read', audit: readAudit },
    },
    async (request) => {
      const { officeId, from, to } = request.query;
      auditPatient(request, null, `${officeId}/${from}/${to}`);
      const calendar = await service.providerCalendar(requireActor(request), request.query);
      await streamedPageAuditOf(request)(
        ctx.db,
        calendar.appointments.map((a) => a.patientId),
      );
      return calendar;
    },
  );

  // Beyond the spec (issue 15): a visit dragged on the calendar to another provider, day or time of its office.
  app.post(
    '/api/appointments/:id/move',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        body: MoveAppointmentBody,
        response: { 200: Appointment },
      },
      config: { access: 'appointment:move', audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) =>
      service.move(requireActor(request), request.params.id, request.body, writeAuditOf(request)),
  );

  // Beyond the spec (issue 28): a visit booked with 'Not Sure' given its provider on the calendar, by those
  // who may move it.
  app.post(
    '/api/appointments/:id/assign',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        body: AssignProviderBody,
        response: { 200: Appointment },
      },
      config: { access: 'appointment:move', audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) =>
      service.assign(requireActor(request), request.params.id, request.body, writeAuditOf(request)),
  );

  app.get(
    '/api/appointments/:id',
    {
      schema: { tags, params: AppointmentIdParams, response: { 200: Appointment } },
      config: { access: READ, audit: readAudit },
    },
    async (request) => {
      const appointment = await service.get(requireActor(request), request.params.id);
      auditPatient(request, appointment.patientId);
      return appointment;
    },
  );

  app.get(
    '/api/appointments/:id/calendar.ics',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        response: { 200: Type.String({ description: 'text/calendar (RFC 5545)' }) },
      },
      config: { access: READ, audit: readAudit },
    },
    async (request, reply) => {
      const { ics, patientId } = await service.calendar(requireActor(request), request.params.id);
      auditPatient(request, patientId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointment-${request.params.id}.ics"`)
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );

  app.put(
    '/api/appointments/update/:id',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        body: UpdateAppointmentBody,
        response: { 200: Appointment },
      },
      config: { access: 'appointment:edit', audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) =>
      service.update(requireActor(request), request.params.id, request.body, writeAuditOf(request)),
  );

  app.put(
    '/api/appointments/update-typevisit/:id',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        querystring: UpdateTypeVisitQuery,
        response: { 200: Appointment },
      },
      config: { access: CHECK_IN, audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) =>
      service.updateTypeVisit(
        requireActor(request),
        request.params.id,
        request.query.oldVisit,
        request.query.newVisit,
        writeAuditOf(request),
      ),
  );

  app.patch(
    '/api/appointments/update-conformation/:id',
    {
      schema: {
        tags,
        params: AppointmentIdParams,
        body: UpdateConformationBody,
        response: { 200: Appointment },
      },
      config: { access: CHECK_IN, audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) =>
      service.updateConformation(
        requireActor(request),
        request.params.id,
        request.body.conformation,
        writeAuditOf(request),
      ),
  );

  // Beyond the spec (issue 28): a status set by mistake is undone on the visit's day, one step back.
  app.post(
    '/api/appointments/:id/undo-status',
    {
      schema: { tags, params: AppointmentIdParams, body: UndoStatusBody, response: { 200: Appointment } },
      config: { access: 'checkin:undo', audit: { action: 'update', resource: 'appointment' } },
    },
    async (request) =>
      service.undoStatus(
        requireActor(request),
        request.params.id,
        request.body.conformation,
        writeAuditOf(request),
      ),
  );

  app.delete(
    '/api/appointments/delete/:id',
    {
      schema: { tags, params: AppointmentIdParams, response: { 200: DeleteAppointmentResponse } },
      config: { access: 'appointment:edit', audit: { action: 'delete', resource: 'appointment' } },
    },
    async (request) => {
      await service.delete(request.params.id, writeAuditOf(request));
      return { success: true, message: MSG.appointmentDeleted };
    },
  );
};
