import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The audit log's hash chain (migration 0008, docs/decisions/0032): rows are sealed after they commit, each
 * with a sequence number and sha256(previous hash || its canonical text); verifying walks the chain across the
 * log and its archive and names the first row whose hash does not follow.
 */

const SEAL_BATCH = 1000;
const VERIFY_PAGE = 1000;
/** Audit rows must be kept six years (HIPAA, 45 CFR 164.316(b)(2)); archival never takes younger rows. */
export const AUDIT_RETENTION_YEARS = 6;

/** Refuses a cutoff younger than the retention floor: no row leaves the log before it is six years old. */
export function assertArchivable(before: Date, now: Date): void {
  const floor = new Date(now);
  floor.setUTCFullYear(floor.getUTCFullYear() - AUDIT_RETENTION_YEARS);
  if (!(before.getTime() <= floor.getTime())) {
    throw new RangeError(
      `audit rows are kept ${AUDIT_RETENTION_YEARS} years: the cutoff must be on or before ${floor.toISOString()}`,
    );
  }
}

/** Seals every finished, unsealed row; returns how many. Safe to call from several instances at once. */
export async function sealAuditLog(db: Kysely<DB>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql<{ n: number }>`select audit_log_seal(${SEAL_BATCH}) as n`.execute(db);
    const sealed = Number(result.rows[0]?.n ?? 0);
    total += sealed;
    if (sealed < SEAL_BATCH) return total;
  }
}

export type ChainReport =
  | { intact: true; rows: number; unsealed: number; headSeq: number; headHash: string | null }
  | { intact: false; rows: number; seq: number; id: number; reason: string };

interface ChainRow {
  id: number;
  seq: number;
  row_hash: string;
  body: string;
}

/** Walks the chain in seal order, over the archive and the log, a page at a time. */
export async function verifyAuditChain(db: Kysely<DB>): Promise<ChainReport> {
  let previous = Buffer.alloc(0);
  let lastSeq = 0;
  let rows = 0;
  // Months exported to files (audit-export.ts) are gaps the chain crosses by their recorded links: the hash
  // before a run of exported rows must be the hash reached here, and the walk goes on from the run's last hash.
  const exported = await db
    .selectFrom('audit_log_exported_runs')
    .select(['first_seq', 'last_seq', 'hash_before', 'last_hash'])
    .execute();
  const gaps = new Map(exported.map((run) => [Number(run.first_seq), run]));
  const crossGaps = () => {
    for (let gap = gaps.get(lastSeq + 1); gap; gap = gaps.get(lastSeq + 1)) {
      if (!Buffer.from(gap.hash_before).equals(previous)) return;
      lastSeq = Number(gap.last_seq);
      previous = Buffer.from(gap.last_hash);
    }
  };
  for (;;) {
    const page = await db.transaction().execute(async (trx) => {
      await sql`set local timezone = 'UTC'`.execute(trx);
      const result = await sql<ChainRow>`
        select c.id, c.seq, c.row_hash, c.body from (
          (select id, seq, encode(row_hash, 'hex') as row_hash, audit_row_text(to_jsonb(a)) as body
             from audit_log a where seq > ${lastSeq} order by seq limit ${VERIFY_PAGE})
          union all
          (select id, seq, encode(row_hash, 'hex') as row_hash, audit_row_text(to_jsonb(r)) as body
             from audit_log_archive r where seq > ${lastSeq} order by seq limit ${VERIFY_PAGE})
        ) c order by c.seq limit ${VERIFY_PAGE}`.execute(trx);
      return result.rows;
    });
    for (const row of page) {
      const seq = Number(row.seq);
      const id = Number(row.id);
      if (seq !== lastSeq + 1) crossGaps();
      if (seq !== lastSeq + 1) {
        return {
          intact: false,
          rows,
          seq: lastSeq + 1,
          id,
          reason: `row ${lastSeq + 1} of the chain is missing`,
        };
      }
      const expected = createHash('sha256').update(previous).update(row.body, 'utf8').digest();
      if (expected.toString('hex') !== row.row_hash) {
        return {
          intact: false,
          rows,
          seq,
          id,
          reason: 'its hash does not follow from its content and the row before',
        };
      }
      previous = expected;
      lastSeq = seq;
      rows += 1;
    }
    if (page.length < VERIFY_PAGE) break;
  }
  crossGaps();
  const unsealed = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seq', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    intact: true,
    rows,
    unsealed: Number(unsealed.n),
    headSeq: lastSeq,
    headHash: lastSeq === 0 ? null : previous.toString('hex'),
  };
}

/**
 * Moves sealed rows written before `before` into the archive, unchanged, in batches (each its own transaction).
 * Refuses a cutoff younger than the retention floor.
 */
export async function archiveAuditLog(db: Kysely<DB>, before: Date, now = new Date()): Promise<number> {
  assertArchivable(before, now);
  let moved = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      await sql`select set_config('clinic.audit_archiving', 'on', true)`.execute(trx);
      const result = await sql<{ id: number }>`
        with picked as (
          select * from audit_log where seq is not null and at < ${before} order by seq limit ${SEAL_BATCH}
        ), copied as (
          insert into audit_log_archive
            (id, at, actor_user_id, actor_username, actor_role, action, resource, resource_id, patient_id,
             patient_ids, outcome, ip, request_id, tx, seq, row_hash)
          select id, at, actor_user_id, actor_username, actor_role, action, resource, resource_id, patient_id,
             patient_ids, outcome, ip, request_id, tx, seq, row_hash from picked
          returning id
        )
        select id from copied`.execute(trx);
      const ids = result.rows.map((r) => Number(r.id));
      if (ids.length > 0) await trx.deleteFrom('audit_log').where('id', 'in', ids).execute();
      return ids.length;
    });
    moved += batch;
    if (batch < SEAL_BATCH) return moved;
  }
}

/** How often each instance seals what has committed since (sealing is cheap when there is nothing to do). */
const SEAL_EVERY_MS = 5_000;
/** How often each instance makes sure the coming months have their partitions (migration 0016). */
const PARTITIONS_EVERY_MS = 3_600_000;
/** Months made ahead of the current one. */
const PARTITION_MONTHS_AHEAD = 2;

/** Makes the audit log's partitions of this month and the next two where missing; returns how many it made. */
export async function ensureAuditPartitions(db: Kysely<DB>): Promise<number> {
  const result = await sql<{
    n: number;
  }>`select audit_log_ensure_partitions(${PARTITION_MONTHS_AHEAD}) as n`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Seals the audit log every few seconds while the app runs, and makes the coming months' partitions at start
 * (awaited: no audited write lands in the default partition for want of one) and hourly. Failures are logged
 * and retried on the next tick; the timer never keeps the process alive, and closing the app waits for the work
 * in progress.
 */
export async function registerAuditSealer(app: FastifyInstance, db: Kysely<DB>) {
  await ensureAuditPartitions(db);
  let inFlight: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let partitionsMadeAt = Date.now();
  const timer = setInterval(() => {
    if (stopped) return;
    const partitionsDue = Date.now() - partitionsMadeAt >= PARTITIONS_EVERY_MS;
    if (partitionsDue) partitionsMadeAt = Date.now();
    inFlight = (async () => {
      if (partitionsDue) await ensureAuditPartitions(db);
      await sealAuditLog(db);
    })().catch((error) => {
      if (!stopped) app.log.error({ err: error }, 'audit rows could not be sealed');
    });
  }, SEAL_EVERY_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  });
}
