import { RELEASED_STATUSES } from '@clinic/contract/appointment-status';
import { WAITLIST_OFFER_MINUTES } from '@clinic/contract/waitlist';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { zonedWallTimeToInstant } from '../../platform/time/zoned-time';
import { onEveryChannel, quietHoursEnd } from '../messages/patient-delivery';
import { offerMessageJob } from './waitlist-offer-messages';

const released = [...RELEASED_STATUSES];
/** How many waiting entries one freed place looks through for someone it suits. */
const CANDIDATES = 25;

export interface FreedPlace {
  officeId: number;
  /** Office-local 'yyyy-mm-dd' and 'HH:MM[:SS]'. */
  date: string;
  time: string;
}

/**
 * Offers a place that has just freed up (a visit canceled, moved away, deleted, or an offer run out) to the
 * first waiting entry of that office-day that can take it, in the caller's transaction: the slot must start
 * in the future and have room beyond its live visits and held offers; an entry for one doctor needs that
 * doctor free then; the patient must not have another visit at that moment. The patient is told on the
 * channels they allowed (waitlist-offer-messages.ts), at once, or at the end of the office's quiet hours when
 * the offer falls in them; the place is held until WAITLIST_OFFER_MINUTES after they are told (so a night's
 * offer is not over before anyone could hear of it), never past the start. Returns the entry offered, or null.
 */
export async function offerFreedPlace(
  trx: Transaction<DB>,
  place: FreedPlace,
  now: Date,
): Promise<number | null> {
  const day = await trx
    .selectFrom('office_hours')
    .innerJoin('offices', 'offices.id', 'office_hours.office_id')
    .select(['office_hours.increments', 'offices.time_zone'])
    .where('office_hours.office_id', '=', place.officeId)
    .where('office_hours.date', '=', place.date)
    .executeTakeFirst();
  if (!day) return null;
  const time = place.time.slice(0, 5);
  const startsAt = zonedWallTimeToInstant(place.date, time, day.time_zone);
  if (startsAt.getTime() <= now.getTime()) return null;

  const taken = await trx
    .selectFrom('appointments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('office_id', '=', place.officeId)
    .where('appointment_date', '=', place.date)
    .where('appointment_time', '=', time)
    .where('status', 'not in', released)
    .executeTakeFirstOrThrow();
  const held = await trx
    .selectFrom('waitlist_entries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('office_id', '=', place.officeId)
    .where('date', '=', place.date)
    .where('offered_time', '=', time)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .executeTakeFirstOrThrow();
  if (Number(taken.n) + Number(held.n) >= Math.max(1, day.increments)) return null;

  // Oldest first; an entry another transaction is offering right now is passed over, not waited for.
  const waiting = await trx
    .selectFrom('waitlist_entries')
    .leftJoin('doctors', 'doctors.id', 'waitlist_entries.doctor_id')
    .select([
      'waitlist_entries.id',
      'waitlist_entries.patient_id',
      'waitlist_entries.doctor_id',
      'doctors.is_placeholder',
    ])
    .where('waitlist_entries.office_id', '=', place.officeId)
    .where('waitlist_entries.date', '=', place.date)
    .where('waitlist_entries.status', '=', 'waiting')
    .orderBy('waitlist_entries.created_at')
    .orderBy('waitlist_entries.id')
    .limit(CANDIDATES)
    .forUpdate('waitlist_entries')
    .skipLocked()
    .execute();

  for (const entry of waiting) {
    if (entry.doctor_id !== null && !entry.is_placeholder) {
      const busy = await trx
        .selectFrom('appointments')
        .select('id')
        .where('doctor_id', '=', entry.doctor_id)
        .where('appointment_date', '=', place.date)
        .where('appointment_time', '=', time)
        .where('doctor_exclusive', '=', true)
        .where('status', 'not in', released)
        .executeTakeFirst();
      if (busy) continue;
    }
    const patientBusy = await trx
      .selectFrom('appointments')
      .select('id')
      .where('patient_id', '=', entry.patient_id)
      .where('starts_at', '=', startsAt)
      .where('status', 'not in', released)
      .executeTakeFirst();
    if (patientBusy) continue;
    const toldAt = quietHoursEnd(now, day.time_zone) ?? now;
    const expires = new Date(
      Math.min(toldAt.getTime() + WAITLIST_OFFER_MINUTES * 60_000, startsAt.getTime()),
    );
    await trx
      .updateTable('waitlist_entries')
      .set({ status: 'offered', offered_time: time, offered_at: now, offer_expires_at: expires })
      .where('id', '=', entry.id)
      .where('status', '=', 'waiting')
      .execute();
    const message = offerMessageJob({
      entryId: entry.id,
      patientId: entry.patient_id,
      timeZone: day.time_zone,
      runAt: toldAt,
    });
    for (const job of onEveryChannel(message)) await enqueueJob(trx, job);
    return entry.id;
  }
  return null;
}

/** How many run-out offers one sweep handles (the next sweep takes the rest). */
const SWEEP_BATCH = 50;

/**
 * Ends the offers whose time has run out and offers each place to the next waiting entry, in one
 * transaction per sweep; instances sweeping at once skip each other's rows. Returns how many ended.
 */
export async function expireOffers(db: Kysely<DB>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .selectFrom('waitlist_entries')
      .select(['id', 'office_id', 'date', 'offered_time'])
      .where('status', '=', 'offered')
      .where('offer_expires_at', '<=', now)
      .orderBy('offer_expires_at')
      .limit(SWEEP_BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const entry of ended) {
      await trx
        .updateTable('waitlist_entries')
        .set({ status: 'expired' })
        .where('id', '=', entry.id)
        .execute();
      await offerFreedPlace(
        trx,
        { officeId: entry.office_id, date: entry.date, time: entry.offered_time! },
        now,
      );
    }
    return ended.length;
  });
}

/** How often each instance looks for offers that have run out. */
const SWEEP_EVERY_MS = 30_000;

/** Sweeps run-out offers while the app runs, like the audit sealer: never keeps the process alive. */
export function registerWaitlistSweeper(
  app: FastifyInstance,
  db: Kysely<DB>,
  now: () => Date = () => new Date(),
) {
  let inFlight: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    inFlight = expireOffers(db, now()).catch((error) => {
      if (!stopped) app.log.error({ err: error }, 'waitlist offers could not be swept');
    });
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  });
}
