import { CLOCK_BREAKS_MAX, CLOCK_LOGS_DAY_MAX } from '@clinic/contract/clock';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

export type ClockDb = Kysely<DB>;

export interface ClockLogRow {
  id: number;
  doctor_id: number;
  work_date: string;
  clock_in: Date;
  clock_out: Date | null;
  total_worked_minutes: number | null;
}

export interface ClockBreakRow {
  clock_log_id: number;
  break_start: Date;
  break_end: Date | null;
}

export function createClockRepository(db: Database) {
  return {
    transaction<T>(work: (trx: ClockDb) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The staff record's time zone: its office's, or null without an office. */
    async timeZoneOfDoctor(doctorId: number, trx: ClockDb = db): Promise<string | null | undefined> {
      const row = await trx
        .selectFrom('doctors')
        .leftJoin('offices', 'offices.id', 'doctors.office_id')
        .select(['doctors.id', 'offices.time_zone'])
        .where('doctors.id', '=', doctorId)
        .executeTakeFirst();
      return row ? (row.time_zone ?? null) : undefined;
    },

    /** The running shift, locked when inside a transaction (FOR UPDATE). */
    openLog(doctorId: number, trx: ClockDb = db, lock = false): Promise<ClockLogRow | undefined> {
      let query = trx
        .selectFrom('clock_logs')
        .selectAll()
        .where('doctor_id', '=', doctorId)
        .where('clock_out', 'is', null);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst() as Promise<ClockLogRow | undefined>;
    },

    openBreak(logId: number, trx: ClockDb = db) {
      return trx
        .selectFrom('clock_breaks')
        .select(['id', 'break_start'])
        .where('clock_log_id', '=', logId)
        .where('break_end', 'is', null)
        .executeTakeFirst();
    },

    insertLog(doctorId: number, workDate: string, at: Date, trx: ClockDb): Promise<ClockLogRow> {
      return trx
        .insertInto('clock_logs')
        .values({ doctor_id: doctorId, work_date: workDate, clock_in: at })
        .returningAll()
        .executeTakeFirstOrThrow() as Promise<ClockLogRow>;
    },

    closeLog(logId: number, at: Date, minutes: number, trx: ClockDb) {
      return trx
        .updateTable('clock_logs')
        .set({ clock_out: at, total_worked_minutes: minutes })
        .where('id', '=', logId)
        .executeTakeFirstOrThrow();
    },

    insertBreak(logId: number, at: Date, trx: ClockDb) {
      return trx.insertInto('clock_breaks').values({ clock_log_id: logId, break_start: at }).execute();
    },

    closeBreaks(logId: number, at: Date, trx: ClockDb) {
      return trx
        .updateTable('clock_breaks')
        .set({ break_end: at })
        .where('clock_log_id', '=', logId)
        .where('break_end', 'is', null)
        .execute();
    },

    /** The shifts begun on that office-local day, and any still running, oldest first. */
    logsOfDay(doctorId: number, workDate: string, trx: ClockDb = db): Promise<ClockLogRow[]> {
      return trx
        .selectFrom('clock_logs')
        .selectAll()
        .where('doctor_id', '=', doctorId)
        .where((eb) => eb.or([eb('work_date', '=', workDate), eb('clock_out', 'is', null)]))
        .orderBy('clock_in')
        .orderBy('id')
        .limit(CLOCK_LOGS_DAY_MAX)
        .execute() as Promise<ClockLogRow[]>;
    },

    breaksOf(logIds: number[], trx: ClockDb = db): Promise<ClockBreakRow[]> {
      if (logIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('clock_breaks')
        .select(['clock_log_id', 'break_start', 'break_end'])
        .where('clock_log_id', 'in', logIds)
        .orderBy('break_start')
        .orderBy('id')
        .limit(CLOCK_BREAKS_MAX)
        .execute() as Promise<ClockBreakRow[]>;
    },
  };
}
