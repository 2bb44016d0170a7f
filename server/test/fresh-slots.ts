import type { Database } from '../src/db/database';
import { addDays, localDateInZone, zonedWallTimeToInstant } from '../src/platform/time/zoned-time';

export interface Slot {
  date: string;
  time: string;
}

/**
 * Open days of an office beyond the seeded visits (which end about 18 days out), so every test starts from
 * empty slots: each freshSlot() hands out a (date, time) of that office never handed out before in the file,
 * at an instant no other office's slot of the file starts at either (offices in zones that share a clock,
 * Denver and Phoenix in winter, would otherwise put one patient in two places at once).
 */
export function slotSource(db: () => Database) {
  const handedOut = new Set<string>();

  async function officeZone(officeId: number): Promise<string> {
    const row = await db()
      .selectFrom('offices')
      .select('time_zone')
      .where('id', '=', officeId)
      .executeTakeFirstOrThrow();
    return row.time_zone;
  }

  async function officeToday(officeId: number): Promise<string> {
    return localDateInZone(new Date(), await officeZone(officeId));
  }

  async function freshSlot(officeId: number, fromDay = 20): Promise<Slot> {
    const zone = await officeZone(officeId);
    const today = localDateInZone(new Date(), zone);
    const days = await db()
      .selectFrom('office_hours')
      .select(['date', 'open_hour', 'close_hour'])
      .where('office_id', '=', officeId)
      .where('date', '>=', addDays(today, fromDay))
      .where('day_of_week', '<>', 'Closed')
      .orderBy('date')
      .execute();
    for (const day of days) {
      const [oh, om] = day.open_hour!.split(':').map(Number) as [number, number];
      const [ch, cm] = day.close_hour!.split(':').map(Number) as [number, number];
      for (let m = oh * 60 + om; m + 30 <= ch * 60 + cm; m += 30) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const key = zonedWallTimeToInstant(day.date, time, zone).toISOString();
        if (!handedOut.has(key)) {
          handedOut.add(key);
          return { date: day.date, time };
        }
      }
    }
    throw new Error(`no fresh slot left at office ${officeId}`);
  }

  return { officeZone, officeToday, freshSlot };
}
