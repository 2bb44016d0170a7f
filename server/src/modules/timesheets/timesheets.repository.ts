import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { ClockLogRow } from '../clock/clock.repository';

type Executor = Kysely<DB>;

/** The most staff records one office's timesheet lists (an office has tens). */
export const OFFICE_STAFF_MAX = 500;

/** A shift as the clock writes it. */
export type ShiftRow = ClockLogRow;

export interface StoredBreak {
  breakStart: string;
  breakEnd: string | null;
}

export function createTimesheetsRepository(db: Database) {
  return {
    transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findOffice(officeId: number) {
      return db
        .selectFrom('offices')
        .select(['id', 'name', 'time_zone'])
        .where('id', '=', officeId)
        .executeTakeFirst();
    },

    /** Every staff record of the office but the shared placeholder, by name. */
    staffOf(officeId: number) {
      return db
        .selectFrom('doctors')
        .select(['id', 'first_name', 'last_name', 'specialty'])
        .where('office_id', '=', officeId)
        .where('is_placeholder', '=', false)
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .limit(OFFICE_STAFF_MAX)
        .execute();
    },

    /** Shifts of the office's staff that began in [from, to], by clock-in; at most `limit`. */
    shifts(officeId: number, from: string, to: string, limit: number): Promise<ShiftRow[]> {
      return db
        .selectFrom('clock_logs as l')
        .innerJoin('doctors as d', 'd.id', 'l.doctor_id')
        .select(['l.id', 'l.doctor_id', 'l.work_date', 'l.clock_in', 'l.clock_out', 'l.total_worked_minutes'])
        .where('d.office_id', '=', officeId)
        .where('l.work_date', '>=', from)
        .where('l.work_date', '<=', to)
        .orderBy('l.clock_in')
        .orderBy('l.id')
        .limit(limit)
        .execute();
    },

    breaksOf(logIds: readonly number[], executor: Executor = db) {
      if (logIds.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('clock_breaks')
        .select(['clock_log_id', 'break_start', 'break_end'])
        .where('clock_log_id', 'in', logIds)
        .orderBy('break_start')
        .execute();
    },

    correctionsOf(logIds: readonly number[], executor: Executor = db) {
      if (logIds.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('clock_log_corrections')
        .select([
          'clock_log_id',
          'corrected_at',
          'corrected_by_username',
          'reason',
          'before_clock_in',
          'before_clock_out',
          'before_breaks',
        ])
        .where('clock_log_id', 'in', logIds)
        .orderBy('corrected_at')
        .orderBy('id')
        .execute();
    },

    /** A shift with its staff member's office zone; locked (FOR UPDATE) for a correction's transaction. */
    findShift(executor: Executor, id: number, lock = false) {
      const query = executor
        .selectFrom('clock_logs as l')
        .innerJoin('doctors as d', 'd.id', 'l.doctor_id')
        .leftJoin('offices as o', 'o.id', 'd.office_id')
        .select([
          'l.id',
          'l.doctor_id',
          'l.work_date',
          'l.clock_in',
          'l.clock_out',
          'l.total_worked_minutes',
          'o.time_zone',
        ])
        .where('l.id', '=', id);
      return (lock ? query.forUpdate('l') : query).executeTakeFirst();
    },

    /** Records the correction with the shift as it was, then sets the shift and its breaks to the new ones. */
    async correct(
      trx: Executor,
      shift: ShiftRow,
      before: StoredBreak[],
      after: { clockIn: Date; clockOut: Date; minutes: number; breaks: { start: Date; end: Date }[] },
      by: { userId: number | null; username: string | null },
      reason: string,
    ): Promise<void> {
      await trx
        .insertInto('clock_log_corrections')
        .values({
          clock_log_id: shift.id,
          corrected_by_user_id: by.userId,
          corrected_by_username: by.username,
          reason,
          before_clock_in: shift.clock_in,
          before_clock_out: shift.clock_out,
          before_breaks: JSON.stringify(before),
        })
        .execute();
      await trx
        .updateTable('clock_logs')
        .set({ clock_in: after.clockIn, clock_out: after.clockOut, total_worked_minutes: after.minutes })
        .where('id', '=', shift.id)
        .execute();
      await trx.deleteFrom('clock_breaks').where('clock_log_id', '=', shift.id).execute();
      if (after.breaks.length > 0) {
        await trx
          .insertInto('clock_breaks')
          .values(
            after.breaks.map((b) => ({ clock_log_id: shift.id, break_start: b.start, break_end: b.end })),
          )
          .execute();
      }
    },
  };
}
