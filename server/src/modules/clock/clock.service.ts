import { type ClockLog, type ClockStatus, workedMinutes } from '@clinic/contract/clock';
import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/actor';
import { conflict, forbidden, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors';
import { localDateInZone } from '../../platform/time/zoned-time';
import {
  type ClockBreakRow,
  type ClockDb,
  type ClockLogRow,
  createClockRepository,
} from './clock.repository';

/** What a manager or admin is told on another person's clock, which they may read but not change. */
export const CLOCK_NOT_YOURS = 'Each member of staff clocks in and out on their own clock.';

/** Staff without an office count their days in UTC. */
const ZONE_WITHOUT_OFFICE = 'UTC';

/**
 * The doctor clock (spec §4 Doctor clock): out, in, on break. Each member of staff uses their own clock;
 * ADMIN and MANAGER may also read anyone's status and day (docs/architecture.md, principle 2). Another
 * person's clock, or one that does not exist, answers 404. The database keeps one running shift per doctor
 * and one running break per shift, so two clicks at once cannot open two.
 */
export function createClockService(ctx: AppContext, now: () => Date = () => new Date()) {
  const repo = createClockRepository(ctx.db);

  async function zoneOf(doctorId: number, trx?: ClockDb): Promise<string> {
    const zone = await repo.timeZoneOfDoctor(doctorId, trx);
    if (zone === undefined) throw notFound(msg.doctorNotFound(doctorId));
    return zone ?? ZONE_WITHOUT_OFFICE;
  }

  /**
   * Each member of staff uses their own clock. Someone who may read another's clock (ADMIN, MANAGER) is told
   * they may not change it (403); to anyone else another's clock does not exist (404), as any unknown one.
   */
  async function assertOwn(actor: Actor, doctorId: number) {
    if (actor.doctorId === doctorId) return;
    if (can(actor.role, 'clock:read:any')) {
      await zoneOf(doctorId);
      throw forbidden(CLOCK_NOT_YOURS);
    }
    throw notFound(msg.doctorNotFound(doctorId));
  }

  function assertMayRead(actor: Actor, doctorId: number) {
    if (actor.doctorId !== doctorId && !can(actor.role, 'clock:read:any')) {
      throw notFound(msg.doctorNotFound(doctorId));
    }
  }

  async function describe(logs: ClockLogRow[], trx?: ClockDb): Promise<ClockLog[]> {
    const breaks = await repo.breaksOf(
      logs.map((log) => log.id),
      trx,
    );
    return logs.map((log) => toClockLog(log, breaks));
  }

  async function one(log: ClockLogRow, trx: ClockDb): Promise<ClockLog> {
    return (await describe([log], trx))[0] as ClockLog;
  }

  /** The running shift, locked for the change; none is 409 'You are not clocked in.'. */
  async function runningShift(doctorId: number, trx: ClockDb): Promise<ClockLogRow> {
    const log = await repo.openLog(doctorId, trx, true);
    if (!log) throw conflict(MSG.notClockedIn);
    return log;
  }

  /** Runs a state change; a second one racing it hits the database's one-open-row keys: 409. */
  async function change(onRace: string, work: (trx: ClockDb) => Promise<ClockLog>) {
    try {
      return await repo.transaction(work);
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(onRace);
      throw error;
    }
  }

  return {
    async status(actor: Actor, doctorId: number): Promise<ClockStatus> {
      assertMayRead(actor, doctorId);
      await zoneOf(doctorId);
      const log = await repo.openLog(doctorId);
      const onBreak = log ? (await repo.openBreak(log.id)) !== undefined : false;
      return { clockedIn: log !== undefined, onBreak };
    },

    async today(actor: Actor, doctorId: number): Promise<ClockLog[]> {
      assertMayRead(actor, doctorId);
      const zone = await zoneOf(doctorId);
      return describe(await repo.logsOfDay(doctorId, localDateInZone(now(), zone)));
    },

    async clockIn(actor: Actor, doctorId: number): Promise<ClockLog> {
      await assertOwn(actor, doctorId);
      return change(MSG.alreadyClockedIn, async (trx) => {
        const zone = await zoneOf(doctorId, trx);
        if (await repo.openLog(doctorId, trx, true)) throw conflict(MSG.alreadyClockedIn);
        const at = now();
        return one(await repo.insertLog(doctorId, localDateInZone(at, zone), at, trx), trx);
      });
    },

    async startBreak(actor: Actor, doctorId: number): Promise<ClockLog> {
      await assertOwn(actor, doctorId);
      return change(MSG.alreadyOnBreak, async (trx) => {
        const log = await runningShift(doctorId, trx);
        if (await repo.openBreak(log.id, trx)) throw conflict(MSG.alreadyOnBreak);
        await repo.insertBreak(log.id, now(), trx);
        return one(log, trx);
      });
    },

    async endBreak(actor: Actor, doctorId: number): Promise<ClockLog> {
      await assertOwn(actor, doctorId);
      return change(MSG.notOnBreak, async (trx) => {
        const log = await runningShift(doctorId, trx);
        if (!(await repo.openBreak(log.id, trx))) throw conflict(MSG.notOnBreak);
        await repo.closeBreaks(log.id, now(), trx);
        return one(log, trx);
      });
    },

    /** Ends the shift; a break still running ends with it. */
    async clockOut(actor: Actor, doctorId: number): Promise<ClockLog> {
      await assertOwn(actor, doctorId);
      return change(MSG.notClockedIn, async (trx) => {
        const log = await runningShift(doctorId, trx);
        const at = now();
        await repo.closeBreaks(log.id, at, trx);
        const breaks = await repo.breaksOf([log.id], trx);
        const minutes = workedMinutes(
          log.clock_in,
          at,
          breaks.map((b) => ({ start: b.break_start, end: b.break_end ?? at })),
        );
        await repo.closeLog(log.id, at, minutes, trx);
        return one({ ...log, clock_out: at, total_worked_minutes: minutes }, trx);
      });
    },
  };
}

function toClockLog(log: ClockLogRow, breaks: ClockBreakRow[]): ClockLog {
  return {
    id: log.id,
    doctorId: log.doctor_id,
    workDate: log.work_date,
    clockIn: log.clock_in.toISOString(),
    clockOut: log.clock_out ? log.clock_out.toISOString() : null,
    totalWorked: log.total_worked_minutes,
    breaks: breaks
      .filter((b) => b.clock_log_id === log.id)
      .map((b) => ({
        breakStart: b.break_start.toISOString(),
        breakEnd: b.break_end ? b.break_end.toISOString() : null,
      })),
  };
}
