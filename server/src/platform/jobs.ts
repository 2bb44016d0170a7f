import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The durable job queue (issue 16, decision 0042): background work kept in the `jobs` table so that it
 * survives a restart and is shared by every app instance.
 *
 * - `enqueueJob` adds a job, usually inside the transaction of the change it follows (a booking and its
 *   confirmation commit together or not at all). Its idempotency key makes a second enqueue a no-op.
 * - `JobRunner.runDue()` claims due jobs for a lease (FOR UPDATE SKIP LOCKED: two instances never claim the
 *   same one), runs each kind's handler and records what happened. A handler that throws is retried with
 *   backoff until max_attempts; one whose instance died is claimed again once its lease has run out.
 * - `JobRunner.start()` runs it every few seconds on each instance; tests call runDue() themselves with a
 *   controllable clock, so nothing waits on timers.
 */

type Executor = Kysely<DB> | Transaction<DB>;

export interface NewJob {
  kind: string;
  /** Unique across all jobs ever queued: 'appointment:42:confirmation'. */
  key: string;
  payload?: Record<string, unknown>;
  /** The patient it writes to, if any (the messages outbox lists their messages). */
  patientId?: number;
  /** When it may run (now when omitted). */
  runAt?: Date;
  maxAttempts?: number;
}

/** Queues a job unless one with its key exists; resolves to whether it was added. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      idempotency_key: job.key,
      payload: JSON.stringify(job.payload ?? {}),
      patient_id: job.patientId ?? null,
      ...(job.runAt ? { run_at: job.runAt } : {}),
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Settles a patient's queued jobs of a kind about one record that a change has made pointless (a moved or
 * canceled visit's reminders), so the outbox shows them as not needed at once. Served by the patient index.
 */
export async function settleQueuedJobs(
  db: Executor,
  filter: {
    patientId: number;
    kind: string;
    recordKey: string;
    recordId: number;
    exceptKeys?: readonly string[];
  },
  outcome: string,
  at: Date,
): Promise<void> {
  let query = db
    .updateTable('jobs')
    .set({ state: 'done', outcome, finished_at: at, locked_until: null })
    .where('patient_id', '=', filter.patientId)
    .where('kind', '=', filter.kind)
    .where('state', '=', 'queued')
    .where(sql<string>`payload->>${filter.recordKey}`, '=', String(filter.recordId));
  if (filter.exceptKeys && filter.exceptKeys.length > 0) {
    query = query.where('idempotency_key', 'not in', [...filter.exceptKeys]);
  }
  await query.execute();
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  key: string;
  attempts: number;
  maxAttempts: number;
}

/**
 * What a handler says it did ('sent', 'suppressed: consent'), kept on the job; or that the job must wait
 * until a later time (a text in quiet hours), which is not a failed attempt.
 */
export type JobHandler = (job: ClaimedJob) => Promise<string | { deferUntil: Date }>;

/** A failed run waits 30 s, 1 min, 2 min, ... at most an hour before the next attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

const LEASE_MS = 5 * 60_000;
const BATCH = 20;
const ERROR_MAX = 1000;

export interface JobRunnerOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** How often start() looks for due work. */
  everyMs?: number;
}

export class JobRunner {
  readonly #db: Kysely<DB>;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => Date;
  readonly #everyMs: number;
  readonly #handlers = new Map<string, JobHandler>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<number> | null = null;
  #stopped = false;

  constructor(options: JobRunnerOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#now = options.now ?? (() => new Date());
    this.#everyMs = options.everyMs ?? 5_000;
  }

  /** Registers the handler of a kind of job (one per kind). */
  handle(kind: string, handler: JobHandler): void {
    if (this.#handlers.has(kind)) throw new Error(`a handler for ${kind} is registered already`);
    this.#handlers.set(kind, handler);
  }

  /** Looks for due work every few seconds until stop(). */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      void this.runDue().catch((error: unknown) => {
        if (!this.#stopped) this.#log.error({ err: error }, 'background jobs could not be run');
      });
    }, this.#everyMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /**
   * Runs every job due now, batch after batch, and resolves to how many ran. One pass at a time on this
   * instance; other instances claim other jobs.
   */
  runDue(): Promise<number> {
    if (!this.#running) {
      this.#running = this.#drain().finally(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  async #drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (this.#stopped) return ran;
      const jobs = await this.#claim();
      if (jobs.length === 0) return ran;
      for (const job of jobs) {
        await this.#run(job);
        ran++;
      }
    }
  }

  async #claim(): Promise<ClaimedJob[]> {
    const now = this.#now();
    const kinds = [...this.#handlers.keys()];
    if (kinds.length === 0) return [];
    const leaseEnd = new Date(now.getTime() + LEASE_MS);
    const rows = await sql<{
      id: number;
      kind: string;
      payload: Record<string, unknown>;
      idempotency_key: string;
      attempts: number;
      max_attempts: number;
    }>`
      update jobs set state = 'running', attempts = attempts + 1, locked_until = ${leaseEnd}
      where id in (
        select id from jobs
        where state in ('queued', 'running')
          and run_at <= ${now}
          and (state = 'queued' or locked_until < ${now})
          and kind in (${sql.join(kinds)})
        order by run_at, id
        limit ${BATCH}
        for update skip locked
      )
      returning id, kind, payload, idempotency_key, attempts, max_attempts`.execute(this.#db);
    return rows.rows
      .map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        payload:
          typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
        key: r.idempotency_key,
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
      }))
      .sort((a, b) => a.id - b.id);
  }

  async #run(job: ClaimedJob): Promise<void> {
    const handler = this.#handlers.get(job.kind)!;
    try {
      const outcome = await handler(job);
      if (typeof outcome !== 'string') {
        await this.#db
          .updateTable('jobs')
          .set((eb) => ({
            state: 'queued',
            run_at: outcome.deferUntil,
            locked_until: null,
            attempts: eb('attempts', '-', 1),
          }))
          .where('id', '=', job.id)
          .execute();
        return;
      }
      await this.#db
        .updateTable('jobs')
        .set({ state: 'done', outcome: outcome.slice(0, 200), finished_at: this.#now(), locked_until: null })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      const last = job.attempts >= job.maxAttempts;
      const now = this.#now();
      await this.#db
        .updateTable('jobs')
        .set(
          last
            ? { state: 'failed', last_error: message, finished_at: now, locked_until: null }
            : {
                state: 'queued',
                last_error: message,
                locked_until: null,
                run_at: new Date(now.getTime() + retryDelayMs(job.attempts)),
              },
        )
        .where('id', '=', job.id)
        .execute();
      // The job's kind and id only: payloads and errors may name a patient.
      this.#log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, final: last }, 'job failed');
    }
  }
}
