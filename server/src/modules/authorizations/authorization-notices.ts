import { visitsLeftOf } from '@clinic/contract/authorization-rules';
import { PRACTICE_EMAIL, PRACTICE_NAME } from '@clinic/contract/constants';
import { longDayLabel } from '@clinic/contract/office-hours';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import {
  type ClaimedJob,
  enqueueJob,
  type JobRunner,
  type NewJob,
  settleQueuedJobs,
} from '../../platform/jobs';
import { addDays, localDateInZone, zonedWallTimeToInstant } from '../../platform/time/zoned-time';
import { createPatientDelivery, onEveryChannel } from '../messages/patient-delivery';
import { type AuthorizationRow, createAuthorizationsRepository } from './authorizations.repository';

/**
 * Authorization notices (issue 16): when an authorization has LOW_VISITS_AT visits left or fewer, or ends
 * within ENDING_WITHIN_DAYS days, the patient hears of it on the channels their authorization-reminder
 * consents allow, and the front desk of their office by e-mail, so a renewal is asked for before visits go
 * uncovered.
 *
 * They are planned in the transaction of the change that causes them: an authorization added or edited (the
 * notice of its end, due ENDING_WITHIN_DAYS days before it at NOTICE_TIME office-local; a low count at once),
 * a visit booked on it (a low count). Each is keyed once per authorization and state (its visit count, its end
 * date), so it goes out once; a later change that makes it pointless settles it, and the job checks again when
 * it runs. Bodies say how many visits are left and until when, never a diagnosis, a code or an insurer.
 */
export const LOW_VISITS_JOB = 'authorization.low-visits';
export const ENDING_JOB = 'authorization.ending';
export const AUTHORIZATION_MESSAGE_KINDS = [LOW_VISITS_JOB, ENDING_JOB];

export const LOW_VISITS_AT = 2;
export const ENDING_WITHIN_DAYS = 7;
/** The office-local time the notice of an end goes out (texts keep quiet hours anyway). */
const NOTICE_TIME = '09:00';
/** The payload channel of the front desk's copy. */
const FRONT_DESK = 'front-desk';

type Executor = Kysely<DB> | Transaction<DB>;

/** A notice to the patient on each channel and its copy to the front desk. */
function noticeJobs(job: NewJob): NewJob[] {
  return [
    ...onEveryChannel(job),
    { ...job, key: `${job.key}:${FRONT_DESK}`, payload: { ...job.payload, channel: FRONT_DESK } },
  ];
}

/** Why an authorization needs no notice of a kind now, or null when it does. */
function needlessBecause(
  kind: string,
  row: AuthorizationRow,
  today: string,
  payload: Record<string, unknown>,
): string | null {
  if (!row.active) return 'skipped: inactive';
  if (row.day_end < today) return 'skipped: ended';
  if (kind === LOW_VISITS_JOB) {
    const left = visitsLeftOf(row.visits, row.visits_used ?? 0, row.visits_scheduled ?? 0);
    if (left === null || left > LOW_VISITS_AT) return 'skipped: enough visits left';
    if (payload.visits !== undefined && payload.visits !== row.visits) return 'skipped: the visits changed';
  }
  if (kind === ENDING_JOB && payload.dayEnd !== row.day_end) return 'skipped: the end date changed';
  return null;
}

/**
 * Plans the notices an authorization needs now (in the caller's transaction), and with `settle` marks those
 * queued earlier that the change made pointless (an edit). `fallbackTimeZone`: the practice's, for a patient
 * with no visit yet.
 */
export async function planAuthorizationNotices(
  trx: Executor,
  authorizationId: number,
  options: { now: Date; fallbackTimeZone: string; settle?: boolean },
): Promise<void> {
  const repo = createAuthorizationsRepository(trx);
  const row = await repo.findById(authorizationId);
  if (!row) return;
  const timeZone = (await repo.noticeOffice(row.patient_id))?.time_zone ?? options.fallbackTimeZone;
  const today = localDateInZone(options.now, timeZone);
  const payload = { authorizationId: row.id, timeZone };
  const planned: NewJob[] = [];

  const low = { visits: row.visits };
  if (needlessBecause(LOW_VISITS_JOB, row, today, low) === null) {
    planned.push(
      ...noticeJobs({
        kind: LOW_VISITS_JOB,
        patientId: row.patient_id,
        key: `authorization:${row.id}:low-visits:${row.visits}`,
        payload: { ...payload, ...low },
        runAt: options.now,
      }),
    );
  }
  const ending = { dayEnd: row.day_end };
  if (needlessBecause(ENDING_JOB, row, today, ending) === null) {
    const due = zonedWallTimeToInstant(addDays(row.day_end, -ENDING_WITHIN_DAYS), NOTICE_TIME, timeZone);
    planned.push(
      ...noticeJobs({
        kind: ENDING_JOB,
        patientId: row.patient_id,
        key: `authorization:${row.id}:ending:${row.day_end}`,
        payload: { ...payload, ...ending },
        runAt: due.getTime() > options.now.getTime() ? due : options.now,
      }),
    );
  }

  for (const job of planned) await enqueueJob(trx, job);
  if (!options.settle) return;
  for (const kind of AUTHORIZATION_MESSAGE_KINDS) {
    await settleQueuedJobs(
      trx,
      {
        patientId: row.patient_id,
        kind,
        recordKey: 'authorizationId',
        recordId: row.id,
        exceptKeys: planned.map((job) => job.key),
      },
      'skipped: the authorization changed',
      options.now,
    );
  }
}

/** Settles every queued notice of an authorization about to be deleted. */
export async function settleAuthorizationNotices(
  db: Executor,
  authorization: { id: number; patientId: number },
  at: Date,
): Promise<void> {
  for (const kind of AUTHORIZATION_MESSAGE_KINDS) {
    await settleQueuedJobs(
      db,
      { patientId: authorization.patientId, kind, recordKey: 'authorizationId', recordId: authorization.id },
      'skipped: the authorization is gone',
      at,
    );
  }
}

function visitsText(left: number): string {
  return left === 1 ? '1 visit' : `${left} visits`;
}

/** What the patient is told: the subject and the sentence of each kind. */
function patientDraft(kind: string, row: AuthorizationRow, left: number | null) {
  const until = longDayLabel(row.day_end);
  if (kind === LOW_VISITS_JOB) {
    const count = left === 0 ? 'no visits left to book' : `${visitsText(left ?? 0)} left to book`;
    return {
      subject: `Your insurance authorization has ${count}`,
      lead: `Your insurance authorization has ${count} (it runs until ${until}). Ask us about renewing it so your care stays covered.`,
    };
  }
  const remaining = left === null ? '' : `, with ${visitsText(left)} left to book`;
  return {
    subject: `Your insurance authorization ends on ${until}`,
    lead: `Your insurance authorization ends on ${until}${remaining}. Visits after that need a new one: ask us about renewing it.`,
  };
}

export function registerAuthorizationNotices(runner: JobRunner, ctx: AppContext, now: () => Date): void {
  const repo = createAuthorizationsRepository(ctx.db);
  const deliver = createPatientDelivery(ctx, now);
  const worklist = new URL('/authorizations/worklist', ctx.config.publicUrl).toString();
  const dashboard = new URL('/dashboard/patient', ctx.config.publicUrl).toString();

  async function send(job: ClaimedJob) {
    const id = Number(job.payload.authorizationId);
    const row = Number.isSafeInteger(id) ? await repo.findById(id) : undefined;
    if (!row) return 'skipped: the authorization is gone';
    const office = await repo.noticeOffice(row.patient_id);
    const timeZone = office?.time_zone ?? ctx.config.practiceTimeZone;
    const needless = needlessBecause(job.kind, row, localDateInZone(now(), timeZone), job.payload);
    if (needless) return needless;
    const left = visitsLeftOf(row.visits, row.visits_used ?? 0, row.visits_scheduled ?? 0);

    if (job.payload.channel === FRONT_DESK) {
      // The office's own inbox: it may name the patient and the authorization, as the worklist does.
      const patient = (await repo.patientName(row.patient_id)) ?? `patient #${row.patient_id}`;
      const what =
        job.kind === LOW_VISITS_JOB
          ? `has ${left === 0 ? 'no' : left} visit${left === 1 ? '' : 's'} left to book`
          : `ends on ${longDayLabel(row.day_end)}`;
      const outcome = await ctx.mailer.send({
        to: office?.email.trim() || PRACTICE_EMAIL,
        subject: `Authorization ${row.auth_code || `#${row.id}`} of ${patient} ${what}`,
        text: [
          `The authorization ${row.auth_code || `#${row.id}`} of ${patient} (patient #${row.patient_id}) ${what}.`,
          '',
          `Visits: ${row.visits ?? 'no limit'} authorized, ${row.visits_used ?? 0} used, ${row.visits_scheduled ?? 0} booked.`,
          `Runs from ${longDayLabel(row.day_start)} until ${longDayLabel(row.day_end)}.`,
          '',
          `The authorization worklist: ${worklist}`,
          '',
          `${PRACTICE_NAME} · sent to the front desk of ${office?.name ?? 'the practice'}.`,
        ].join('\n'),
        idempotencyKey: job.key,
      });
      if (outcome === 'failed') throw new Error('the mail server did not take the message');
      return outcome;
    }

    const draft = patientDraft(job.kind, row, left);
    return deliver(job, {
      patientId: row.patient_id,
      consent: 'authorization',
      timeZone,
      ...(office?.phone_number ? { officePhone: office.phone_number } : {}),
      subject: draft.subject,
      lead: draft.lead,
      details: [
        office ? `${office.name}${office.phone_number ? ` · ${office.phone_number}` : ''}` : '',
        `Your authorizations and visits are on your dashboard: ${dashboard}`,
      ],
    });
  }

  for (const kind of AUTHORIZATION_MESSAGE_KINDS) runner.handle(kind, send);
}
