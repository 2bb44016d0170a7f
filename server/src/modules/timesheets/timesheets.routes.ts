import { ShiftCorrectionBody, Timesheet, TimesheetQuery, TimesheetShift } from '@clinic/contract/timesheets';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { writeAuditOf } from '../../platform/audit';
import { createTimesheetsService } from './timesheets.service';

const tags = ['timesheets'];
const ShiftIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** Beyond the spec (issue 15): timesheets of an office's staff and a manager's corrections of shifts. */
export const timesheetRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTimesheetsService(ctx);

  app.get(
    '/api/timesheets',
    {
      schema: { tags, querystring: TimesheetQuery, response: { 200: Timesheet } },
      config: { access: 'timesheet:read' },
    },
    async (request) => service.timesheet(request.query.officeId, request.query.from, request.query.to),
  );

  app.put(
    '/api/timesheets/shifts/:id',
    {
      schema: { tags, params: ShiftIdParams, body: ShiftCorrectionBody, response: { 200: TimesheetShift } },
      config: { access: 'timesheet:correct', audit: { action: 'update', resource: 'clock_log' } },
    },
    async (request) =>
      service.correct(requireActor(request), request.params.id, request.body, writeAuditOf(request)),
  );
};
