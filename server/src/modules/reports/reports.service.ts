import { type DailyReport, REPORT_MAX_DAYS, REPORT_MESSAGES } from '@clinic/contract/reports';
import type { AppContext } from '../../app-context';
import { badRequest, notFound } from '../../platform/errors';
import { addDays, daysBetween } from '../../platform/time/zoned-time';
import { isCalendarDate } from '../appointments/slots';
import { createReportsRepository } from './reports.repository';

/** The daily report (issue 15): an office's visits by day and by provider over at most REPORT_MAX_DAYS. */
export function createReportsService(ctx: AppContext) {
  const repo = createReportsRepository(ctx.db);
  return {
    async daily(officeId: number, from: string, to: string): Promise<DailyReport> {
      if (!isCalendarDate(from)) throw badRequest('from is not a valid date (yyyy-mm-dd)');
      if (!isCalendarDate(to)) throw badRequest('to is not a valid date (yyyy-mm-dd)');
      const span = daysBetween(from, to);
      if (span < 0) throw badRequest(REPORT_MESSAGES.rangeOrder);
      if (span + 1 > REPORT_MAX_DAYS) throw badRequest(REPORT_MESSAGES.rangeTooLong);
      const office = await repo.findOffice(officeId);
      if (!office) throw notFound(`Office with ID ${officeId} not found`);
      const [days, newPatients, providers] = await Promise.all([
        repo.byDay(officeId, from, to),
        repo.newPatientsByDay(officeId, from, to),
        repo.byProvider(officeId, from, to),
      ]);
      const dayOf = new Map(days.map((d) => [d.date, d]));
      const newOn = new Map(newPatients.map((d) => [d.date, d.patients]));
      return {
        officeId: office.id,
        officeName: office.name,
        from,
        to,
        days: Array.from({ length: span + 1 }, (_, i) => {
          const date = addDays(from, i);
          const day = dayOf.get(date);
          return {
            date,
            visits: day?.visits ?? 0,
            completed: day?.completed ?? 0,
            noShow: day?.no_show ?? 0,
            canceled: day?.canceled ?? 0,
            newPatients: newOn.get(date) ?? 0,
          };
        }),
        providers: providers.map((p) => ({
          doctorId: p.doctor_id,
          name: `${p.first_name} ${p.last_name}`.trim(),
          visits: p.visits,
          completed: p.completed,
          noShow: p.no_show,
          canceled: p.canceled,
        })),
      };
    },
  };
}
