import { DEFAULT_INCREMENTS, SLOT_MINUTES } from '@clinic/contract/constants';
import {
  formatTime12,
  formatWallTime,
  parseCalendarDate,
  parseWallTime,
  slotStarts,
  WEEKDAYS,
  type Weekday,
} from '@clinic/contract/office-hours';
import {
  INCREMENTS_MAX,
  OFFICE_HOURS_RANGE_MAX_DAYS,
  type OfficeHours,
  type OfficeHoursAllQuery,
  type OfficeHoursRangeBody,
  type OfficeHoursSaveBody,
  type OfficeHoursValidateQuery,
  type OfficeHoursValidation,
} from '@clinic/contract/offices';
import type { AppContext } from '../../app-context';
import { badRequest, notFound } from '../../platform/errors';
import { type AfterKeyPage, pageAfterKey } from '../../platform/key-paging';
import { addDays, weekdayOf } from '../../platform/time/zoned-time';
import {
  createOfficeHoursRepository,
  type OfficeHoursRow,
  type OfficeHoursValues,
} from './office-hours.repository';
import { createOfficesRepository } from './offices.repository';
import { OFFICE_NOT_FOUND } from './offices.service';

const HOURS_NOT_FOUND = 'Office hours not found.';

/** 'HH:MM' on the wire; the database reads TIME as 'HH:MM:SS'. */
const wireTime = (value: string | null) => (value === null ? null : value.slice(0, 5));

export function toOfficeHours(row: OfficeHoursRow): OfficeHours {
  return {
    id: row.id,
    officeId: row.office_id,
    date: row.date,
    dayOfWeek: row.day_of_week,
    openHour: wireTime(row.open_hour),
    closeHour: wireTime(row.close_hour),
    incraments: row.increments,
  };
}

function dateOf(value: string | undefined, field: string): string {
  const date = parseCalendarDate(value);
  if (!date) throw badRequest(`${field} must be a real date as yyyy-mm-dd (or ISO with a time).`);
  return date;
}

function timeOf(value: string | null | undefined, field: string): number {
  const minutes = parseWallTime(value);
  if (minutes === null) throw badRequest(`${field} must be a time as HH:MM from 00:00 to 23:59.`);
  return minutes;
}

type DayInput = Pick<
  OfficeHoursSaveBody,
  'dayOfWeek' | 'openHour' | 'closeHour' | 'incraments' | 'increments' | 'increment'
>;

/**
 * The hours of one day as stored: 'Closed' with no times for a closed day (dayOfWeek 'closed' in any
 * case, or 00:00 to 00:00, spec §5); otherwise the date's weekday, open before close, and the number of
 * appointments per 30 minutes (`incraments`, also read as increments or increment; default 1).
 */
function dayHours(input: DayInput): Omit<OfficeHoursValues, 'office_id' | 'date' | 'day_of_week'> & {
  closed: boolean;
} {
  const increments = input.incraments ?? input.increments ?? input.increment ?? DEFAULT_INCREMENTS;
  if (!Number.isInteger(increments) || increments < 1 || increments > INCREMENTS_MAX) {
    throw badRequest(`incraments must be a whole number from 1 to ${INCREMENTS_MAX}.`);
  }
  const closedByName = (input.dayOfWeek ?? '').trim().toLowerCase() === 'closed';
  const openGiven = (input.openHour ?? '').trim() !== '';
  const closeGiven = (input.closeHour ?? '').trim() !== '';
  if (closedByName && !openGiven && !closeGiven) {
    return { closed: true, open_hour: null, close_hour: null, increments };
  }
  if (!openGiven) throw badRequest('openHour is required (use 00:00 to 00:00 for a closed day).');
  if (!closeGiven) throw badRequest('closeHour is required (use 00:00 to 00:00 for a closed day).');
  const open = timeOf(input.openHour, 'openHour');
  const close = timeOf(input.closeHour, 'closeHour');
  if (closedByName || (open === 0 && close === 0)) {
    return { closed: true, open_hour: null, close_hour: null, increments };
  }
  if (open >= close) throw badRequest('openHour must be before closeHour.');
  return { closed: false, open_hour: formatWallTime(open), close_hour: formatWallTime(close), increments };
}

function rowValues(officeId: number, date: string, input: DayInput): OfficeHoursValues {
  const { closed, ...hours } = dayHours(input);
  return { office_id: officeId, date, day_of_week: closed ? 'Closed' : weekdayOf(date), ...hours };
}

function weekdaysOf(names: readonly string[] | undefined): Set<Weekday> {
  const chosen = new Set<Weekday>();
  for (const name of names ?? []) {
    const match = WEEKDAYS.find((w) => w.toLowerCase() === name.trim().toLowerCase());
    if (!match) throw badRequest(`weekdays: "${name.slice(0, 20)}" is not a day of the week.`);
    chosen.add(match);
  }
  return chosen.size === 0 ? new Set(WEEKDAYS) : chosen;
}

export function createOfficeHoursService(ctx: AppContext) {
  const repo = createOfficeHoursRepository(ctx.db);
  const offices = createOfficesRepository(ctx.db);

  async function assertOffice(officeId: number) {
    const office = await offices.findById(officeId);
    if (!office) throw notFound(OFFICE_NOT_FOUND);
    return office;
  }

  return {
    async save(body: OfficeHoursSaveBody): Promise<OfficeHours> {
      const date = dateOf(body.date, 'date');
      const values = rowValues(body.officeId, date, body);
      await assertOffice(body.officeId);
      return toOfficeHours(await repo.upsert(values));
    },

    async saveRange(body: OfficeHoursRangeBody): Promise<{ saved: number; hours: OfficeHours[] }> {
      const start = dateOf(body.startDate, 'startDate');
      const end = dateOf(body.endDate, 'endDate');
      if (end < start) throw badRequest('endDate must not be before startDate.');
      const weekdays = weekdaysOf(body.weekdays);
      const dates: string[] = [];
      let span = 0;
      for (let date = start; date <= end; date = addDays(date, 1)) {
        span += 1;
        if (span > OFFICE_HOURS_RANGE_MAX_DAYS) {
          throw badRequest(`A range covers at most ${OFFICE_HOURS_RANGE_MAX_DAYS} days.`);
        }
        if (weekdays.has(weekdayOf(date))) dates.push(date);
      }
      if (dates.length === 0) throw badRequest('No day in that range falls on the chosen weekdays.');
      // Checked once before the transaction: every day gets the same hours.
      dayHours(body);
      await assertOffice(body.officeId);
      const rows = await repo.transaction(async (trx) => {
        const saved: OfficeHoursRow[] = [];
        for (const date of dates) saved.push(await repo.upsert(rowValues(body.officeId, date, body), trx));
        return saved;
      });
      return { saved: rows.length, hours: rows.map(toOfficeHours) };
    },

    async list(query: OfficeHoursAllQuery): Promise<AfterKeyPage<OfficeHours>> {
      const page = await pageAfterKey(
        query,
        (after, take) => repo.listPage(after, take),
        (row) => row.id,
      );
      return { ...page, items: page.items.map(toOfficeHours) };
    },

    async get(id: number): Promise<OfficeHours> {
      const row = await repo.findById(id);
      if (!row) throw notFound(HOURS_NOT_FOUND);
      return toOfficeHours(row);
    },

    async listByOffice(officeId: number, range: { from?: string; to?: string }): Promise<OfficeHours[]> {
      await assertOffice(officeId);
      const from = range.from ? dateOf(range.from, 'from') : undefined;
      const to = range.to ? dateOf(range.to, 'to') : undefined;
      return (await repo.listByOffice(officeId, { from, to })).map(toOfficeHours);
    },

    async getByOfficeAndDate(officeId: number, rawDate: string): Promise<OfficeHours> {
      const date = dateOf(rawDate, 'date');
      await assertOffice(officeId);
      const row = await repo.findByOfficeAndDate(officeId, date);
      if (!row) throw notFound(HOURS_NOT_FOUND);
      return toOfficeHours(row);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.delete(id))) throw notFound(HOURS_NOT_FOUND);
    },

    /**
     * Whether an appointment may start at that office-local date and time: the office is open that day
     * and the time is one of its 30-minute slot starts (a whole slot before closing).
     */
    async validate(query: OfficeHoursValidateQuery): Promise<OfficeHoursValidation> {
      const date = dateOf(query.date, 'date');
      const minutes = timeOf(query.time, 'time');
      const time = formatWallTime(minutes);
      await assertOffice(query.officeId);
      const row = await repo.findByOfficeAndDate(query.officeId, date);
      const base = { officeId: query.officeId, date, time };
      if (!row || row.day_of_week === 'Closed' || row.open_hour === null || row.close_hour === null) {
        return {
          ...base,
          valid: false,
          reason: 'The office is closed on that day.',
          openHour: null,
          closeHour: null,
        };
      }
      const hours = toOfficeHours(row);
      const open = parseWallTime(hours.openHour) as number;
      const close = parseWallTime(hours.closeHour) as number;
      const window = { openHour: hours.openHour, closeHour: hours.closeHour };
      if (minutes < open || minutes + SLOT_MINUTES > close) {
        const range = `${formatTime12(hours.openHour as string)} – ${formatTime12(hours.closeHour as string)}`;
        return { ...base, ...window, valid: false, reason: `That time is outside office hours (${range}).` };
      }
      if (!slotStarts(hours).includes(time)) {
        return { ...base, ...window, valid: false, reason: 'That time is not on a 30-minute slot.' };
      }
      return { ...base, ...window, valid: true, reason: null };
    },
  };
}
