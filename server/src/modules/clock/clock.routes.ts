import {
  ClockDoctorParams,
  ClockIdParams,
  ClockLog,
  ClockLogList,
  ClockStatus,
} from '@clinic/contract/clock';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { createClockService } from './clock.service';

const tags = ['doctor clock'];

/** Doctor clock (spec §7): staff clock in, take breaks and clock out on their own record. */
export const clockRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createClockService(ctx);
  const read = { access: ['clock:use:own', 'clock:read:any'] } as const;
  const write = { access: 'clock:use:own' } as const;

  app.get(
    '/api/doctor-clock/status/:doctorId',
    { schema: { tags, params: ClockDoctorParams, response: { 200: ClockStatus } }, config: read },
    async (request) => service.status(requireActor(request), request.params.doctorId),
  );

  app.get(
    '/api/doctor-clock/logs/today/:id',
    { schema: { tags, params: ClockIdParams, response: { 200: ClockLogList } }, config: read },
    async (request) => service.today(requireActor(request), request.params.id),
  );

  const actions = [
    ['clock-in', service.clockIn],
    ['clock-out', service.clockOut],
    ['start-break', service.startBreak],
    ['end-break', service.endBreak],
  ] as const;
  for (const [action, run] of actions) {
    app.post(
      `/api/doctor-clock/${action}/:id`,
      { schema: { tags, params: ClockIdParams, response: { 200: ClockLog } }, config: write },
      async (request) => run(requireActor(request), request.params.id),
    );
  }
};
