import { DailyReport, DailyReportQuery } from '@clinic/contract/reports';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { createReportsService } from './reports.service';

/** Beyond the spec (issue 15): the managers' daily report. Counts only: no patient is named. */
export const reportRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createReportsService(ctx);
  app.get(
    '/api/reports/daily',
    {
      schema: { tags: ['reports'], querystring: DailyReportQuery, response: { 200: DailyReport } },
      config: { access: 'report:read' },
    },
    async (request) => service.daily(request.query.officeId, request.query.from, request.query.to),
  );
};
