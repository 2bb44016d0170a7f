import { workedMinutes } from '@clinic/contract/clock';
import {
  type ShiftCorrectionBody,
  TIMESHEET_MAX_DAYS,
  TIMESHEET_MESSAGES,
  TIMESHEET_SHIFTS_MAX,
  type Timesheet,
  type TimesheetShift,
} from '@clinic/contract/timesheets';
import type { AppContext } from '../../app-context';
import type { WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { badRequest, notFound } from '../../platform/errors';
import { addDays, daysBetween, zonedWallTimeToInstant } from '../../platform/time/zoned-time';
import { isCalendarDate } from '../appointments/slots';
import { createTimesheetsRepository, type ShiftRow, type StoredBreak } from './timesheets.repository';

/** Staff without an office count their days in UTC (as their clock does). */
const ZONE_WITHOUT_OFFICE = 'UTC';

/**
 * Timesheets (issue 15): an office's shifts over a range of days for MANAGER and ADMIN, and a manager's
 * correction of a shift, which keeps the shift as it was and records who corrected it, when and why, in the
 * correction's transaction with its audit row.
 */
export function createTimesheetsService(ctx: AppContext) {
  const repo = createTimesheetsRepository(ctx.db);

  async function describe(rows: ShiftRow[]): Promise<TimesheetShift[]> {
    const ids = rows.map((r) => r.id);
    const [breaks, corrections] = await Promise.all([repo.breaksOf(ids), repo.correctionsOf(ids)]);
    return rows.map((row) => {
      const own = corrections.filter((c) => c.clock_log_id === row.id);
      const first = own[0];
      return {
        id: row.id,
        doctorId: row.doctor_id,
        workDate: row.work_date,
        clockIn: row.clock_in.toISOString(),
        clockOut: row.clock_out?.toISOString() ?? null,
        totalWorked: row.total_worked_minutes,
        breaks: breaks
          .filter((b) => b.clock_log_id === row.id)
          .map((b) => ({
            breakStart: b.break_start.toISOString(),
            breakEnd: b.break_end?.toISOString() ?? null,
          })),
        corrections: own.map((c) => ({
          at: c.corrected_at.toISOString(),
          by: c.corrected_by_username,
          reason: c.reason,
        })),
        original: first
          ? {
              clockIn: first.before_clock_in.toISOString(),
              clockOut: first.before_clock_out?.toISOString() ?? null,
              breaks: first.before_breaks as StoredBreak[],
            }
          : null,
      };
    });
  }

  /**
   * Office-local wall times on the shift's day as instants: a time at or before the one it follows (clock-out
   * after clock-in, a break's end after its start) and a break starting before the clock-in fall on the next
   * day, as on a night shift.
   */
  function instants(workDate: string, zone: string, body: ShiftCorrectionBody) {
    const next = addDays(workDate, 1);
    const clockIn = zonedWallTimeToInstant(workDate, body.clockIn, zone);
    const clockOut = zonedWallTimeToInstant(
      body.clockOut <= body.clockIn ? next : workDate,
      body.clockOut,
      zone,
    );
    const breaks = body.breaks
      .map((b) => {
        const startDay = b.start < body.clockIn ? next : workDate;
        const endDay = b.end <= b.start ? addDays(startDay, 1) : startDay;
        return {
          start: zonedWallTimeToInstant(startDay, b.start, zone),
          end: zonedWallTimeToInstant(endDay, b.end, zone),
        };
      })
      .sort((x, y) => x.start.getTime() - y.start.getTime());
    return { clockIn, clockOut, breaks };
  }

  return {
    async timesheet(officeId: number, from: string, to: string): Promise<Timesheet> {
      if (!isCalendarDate(from)) throw badRequest('from is not a valid date (yyyy-mm-dd)');
      if (!isCalendarDate(to)) throw badRequest('to is not a valid date (yyyy-mm-dd)');
      const days = daysBetween(from, to);
      if (days < 0) throw badRequest(TIMESHEET_MESSAGES.rangeOrder);
      if (days + 1 > TIMESHEET_MAX_DAYS) throw badRequest(TIMESHEET_MESSAGES.rangeTooLong);
      const office = await repo.findOffice(officeId);
      if (!office) throw notFound(`Office with ID ${officeId} not found`);
      const [staff, rows] = await Promise.all([
        repo.staffOf(officeId),
        repo.shifts(officeId, from, to, TIMESHEET_SHIFTS_MAX + 1),
      ]);
      if (rows.length > TIMESHEET_SHIFTS_MAX) throw badRequest(TIMESHEET_MESSAGES.tooManyShifts);
      return {
        officeId: office.id,
        officeName: office.name,
        timeZone: office.time_zone,
        from,
        to,
        staff: staff.map((s) => ({
          doctorId: s.id,
          name: `${s.first_name} ${s.last_name}`.trim(),
          specialty: s.specialty,
        })),
        shifts: await describe(rows),
      };
    },

    async correct(
      actor: Actor,
      shiftId: number,
      body: ShiftCorrectionBody,
      audit: WriteAudit,
    ): Promise<TimesheetShift> {
      const reason = body.reason.trim();
      if (reason === '') throw badRequest(TIMESHEET_MESSAGES.reasonRequired);
      await repo.transaction(async (trx) => {
        const shift = await repo.findShift(trx, shiftId, true);
        if (!shift) throw notFound(`Shift with ID ${shiftId} not found`);
        const zone = shift.time_zone ?? ZONE_WITHOUT_OFFICE;
        const after = instants(shift.work_date, zone, body);
        for (const b of after.breaks) {
          if (b.start < after.clockIn || b.end > after.clockOut) {
            throw badRequest(TIMESHEET_MESSAGES.breakOutsideShift);
          }
        }
        for (let i = 1; i < after.breaks.length; i++) {
          if (after.breaks[i]!.start < after.breaks[i - 1]!.end)
            throw badRequest(TIMESHEET_MESSAGES.breaksOverlap);
        }
        const before = (await repo.breaksOf([shift.id], trx)).map((b) => ({
          breakStart: b.break_start.toISOString(),
          breakEnd: b.break_end?.toISOString() ?? null,
        }));
        const minutes = workedMinutes(after.clockIn, after.clockOut, after.breaks);
        await repo.correct(
          trx,
          shift,
          before,
          { ...after, minutes },
          { userId: actor.userId, username: actor.username },
          reason,
        );
        await audit.commit(trx, shiftId, null);
      });
      const row = await repo.findShift(ctx.db, shiftId);
      if (!row) throw notFound(`Shift with ID ${shiftId} not found`);
      const [described] = await describe([row]);
      return described!;
    },
  };
}
