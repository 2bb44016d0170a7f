import { formatTime12, longDayLabel } from '@clinic/contract/office-hours';
import type { AppContext } from '../../app-context';
import type { ClaimedJob, JobRunner, NewJob } from '../../platform/jobs';
import { localDateInZone, localTimeInZone } from '../../platform/time/zoned-time';
import { createPatientDelivery } from '../messages/patient-delivery';
import { createWaitlistRepository } from './waitlist.repository';

/**
 * The message of a waitlist offer (issue 28; decision 0038): a freed place held for a patient is worth
 * nothing if they do not hear of it, so the offer goes out by e-mail and by text as the patient allowed
 * appointment messages, at the end of the office's quiet hours when the offer was made in them (the hold
 * runs from then: waitlist-offers.ts). It says the day, time, office and provider, until when the place is
 * held, and links to the dashboard's offer: the link names the offer only (the patient signs in if they are
 * not), never a token, and no message names the type of visit.
 */
export const WAITLIST_OFFER_JOB = 'waitlist.offer';

/** The offer's message, queued in the transaction that makes the offer (an entry is offered at most once). */
export function offerMessageJob(offer: {
  entryId: number;
  patientId: number;
  timeZone: string;
  runAt: Date;
}): NewJob {
  return {
    kind: WAITLIST_OFFER_JOB,
    patientId: offer.patientId,
    key: `waitlist:${offer.entryId}:offer`,
    payload: { waitlistEntryId: offer.entryId, timeZone: offer.timeZone },
    runAt: offer.runAt,
  };
}

/** The dashboard address that opens an offer for the signed-in patient. */
export function offerLink(publicUrl: string, entryId: number): string {
  const url = new URL('/dashboard/patient', publicUrl);
  url.searchParams.set('offer', String(entryId));
  return url.toString();
}

export function registerWaitlistOfferMessages(runner: JobRunner, ctx: AppContext, now: () => Date): void {
  const repo = createWaitlistRepository(ctx.db);
  const deliver = createPatientDelivery(ctx, now);

  runner.handle(WAITLIST_OFFER_JOB, async (job: ClaimedJob) => {
    const id = Number(job.payload.waitlistEntryId);
    const entry = Number.isSafeInteger(id) ? await repo.findForMessage(id) : undefined;
    if (!entry) return 'skipped: the offer is gone';
    if (entry.status === 'booked') return 'skipped: the offer was taken';
    const expires = entry.offer_expires_at ? new Date(entry.offer_expires_at) : null;
    if (entry.status !== 'offered' || !entry.offered_time || !expires || expires <= now()) {
      return 'skipped: the offer has ended';
    }
    const zone = entry.time_zone;
    const when = `${longDayLabel(entry.date)} at ${formatTime12(entry.offered_time.slice(0, 5))}`;
    const sameDay = localDateInZone(expires, zone) === localDateInZone(now(), zone);
    const until = `${formatTime12(localTimeInZone(expires, zone))}${sameDay ? '' : ` on ${longDayLabel(localDateInZone(expires, zone))}`}`;
    const withWhom = entry.doctor_name ? ` with ${entry.doctor_name}` : '';
    const link = offerLink(ctx.config.publicUrl, entry.id);
    return deliver(job, {
      patientId: entry.patient_id,
      consent: 'appointment',
      timeZone: zone,
      // Past the hold, the offer has gone to the next patient: a text held that long is not worth sending.
      textUseless: expires,
      textUselessOutcome: 'skipped: quiet hours until the offer ended',
      ...(entry.office_phone ? { officePhone: entry.office_phone } : {}),
      subject: `A time opened up for you on ${when}`,
      lead:
        `A time opened up for you: ${when} (${entry.office_name} local time)${withWhom}. ` +
        `We hold it for you until ${until}. To book it, sign in: ${link}`,
      details: [
        entry.office_name,
        entry.office_address,
        entry.office_phone ? `Phone: ${entry.office_phone}` : '',
        '',
        'If the time does not suit you, choose No thanks there: it goes to the next patient waiting.',
      ],
    });
  });
}
