import type { Database } from '../src/db/database';

/**
 * The app's clock in tests of check-in, which happens on a visit's own office-local day (decision 0054): real
 * time, except while `work` runs at an instant, such as a minute after a visit booked weeks ahead has started
 * (its day, its time come). Calls at the same instant may overlap (concurrent status changes); the clock goes
 * back to real time when the last of them ends.
 */
export function visitDayClock(db: () => Database) {
  let at: Date | null = null;
  let running = 0;

  async function on<T>(instant: Date, work: () => Promise<T>): Promise<T> {
    at = instant;
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      if (running === 0) at = null;
    }
  }

  async function startOf(appointmentId: number): Promise<Date | null> {
    const row = await db()
      .selectFrom('appointments')
      .select('starts_at')
      .where('id', '=', appointmentId)
      .executeTakeFirst();
    return row ? new Date(row.starts_at) : null;
  }

  return {
    now: (): Date => at ?? new Date(),
    on,
    startOf,
    /** Runs `work` a minute after the visit's start (real time for an appointment that does not exist). */
    async atVisit<T>(appointmentId: number, work: () => Promise<T>): Promise<T> {
      const start = await startOf(appointmentId);
      return start ? on(new Date(start.getTime() + 60_000), work) : work();
    },
  };
}
