import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AuditLogExportedRunsTable, DB } from '../db/schema';
import { assertArchivable, sealAuditLog } from './audit-chain';

/**
 * Whole months leave the audit log as files (issue 13; migration 0016, docs/decisions/0039): a month's sealed
 * rows are written in chain order to `audit_log_yyyy_mm.ndjson.gz`, one line per row with its sequence number,
 * hash and the exact text its hash covers; the file's digest and the chain's links around the month are kept
 * in audit_log_exported_months; then the month's partition is dropped. The chain is still verified across the
 * gap, and the file against the links.
 */

const PAGE = 5_000;
const MONTH_PARTITION = /^audit_log_(\d{4})_(\d{2})$/;

export interface ExportedMonth {
  partition: string;
  rows: number;
  file: string;
}

interface ExportLine {
  seq: number;
  id: number;
  rowHash: string;
  body: string;
}

function monthStart(partition: string): Date | null {
  const match = MONTH_PARTITION.exec(partition);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}

/** The month partitions of the audit log that end on or before `before`, oldest first. */
async function monthsBefore(db: Kysely<DB>, before: Date): Promise<{ name: string; start: Date }[]> {
  const result = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'audit_log'::regclass`.execute(db);
  return result.rows
    .map((r) => ({ name: r.name, start: monthStart(r.name) }))
    .filter((m): m is { name: string; start: Date } => {
      if (!m.start) return false;
      const end = new Date(m.start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      return end.getTime() <= before.getTime();
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The hash of the chain's row just before `seq`, wherever it is kept now ('' before the first row). */
async function hashBefore(db: Kysely<DB>, seq: number): Promise<Buffer> {
  if (seq <= 1) return Buffer.alloc(0);
  const result = await sql<{ h: Buffer }>`
    select h from (
      (select row_hash as h from audit_log where seq = ${seq - 1})
      union all (select row_hash from audit_log_archive where seq = ${seq - 1})
      union all (select last_hash from audit_log_exported_runs where last_seq = ${seq - 1})
    ) found limit 1`.execute(db);
  const found = result.rows[0]?.h;
  if (!found) throw new Error(`the audit chain has no row ${seq - 1} before this month: verify it first`);
  return Buffer.from(found);
}

/** Writes one month's rows, in chain order, gzip'd, to a file; answers what the anchor row needs. */
async function writeMonth(db: Kysely<DB>, partition: string, file: string) {
  const gzip = createGzip();
  const partial = `${file}.partial`;
  const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx' }));
  let rows = 0;
  const runs: { firstSeq: number; lastSeq: number; lastHash: Buffer }[] = [];
  let after = 0;
  for (;;) {
    const page = await db.transaction().execute(async (trx) => {
      await sql`set local timezone = 'UTC'`.execute(trx);
      const result = await sql<{ id: string; seq: string; row_hash: Buffer; body: string }>`
        select id, seq, row_hash, audit_row_text(to_jsonb(a)) as body from ${sql.table(partition)} a
          where seq > ${after} order by seq limit ${PAGE}`.execute(trx);
      return result.rows;
    });
    for (const row of page) {
      const line: ExportLine = {
        seq: Number(row.seq),
        id: Number(row.id),
        rowHash: Buffer.from(row.row_hash).toString('hex'),
        body: row.body,
      };
      if (!gzip.write(`${JSON.stringify(line)}\n`))
        await new Promise((resolve) => gzip.once('drain', resolve));
      const run = runs.at(-1);
      if (run && run.lastSeq === line.seq - 1) {
        run.lastSeq = line.seq;
        run.lastHash = Buffer.from(row.row_hash);
      } else {
        runs.push({ firstSeq: line.seq, lastSeq: line.seq, lastHash: Buffer.from(row.row_hash) });
      }
      after = line.seq;
      rows += 1;
    }
    if (page.length < PAGE) break;
  }
  gzip.end();
  await written;
  const digest = createHash('sha256');
  await pipeline(createReadStream(partial), digest);
  await rename(partial, file);
  return { rows, runs, sha256: digest.digest('hex') };
}

/**
 * Exports every whole month before `before` (at least six years ago) to `outDir` and drops its partition;
 * returns the months exported. A month with rows not yet sealed is refused (the sealer runs first).
 */
export async function exportAuditMonths(
  db: Kysely<DB>,
  options: { before: Date; outDir: string; now?: Date },
): Promise<ExportedMonth[]> {
  assertArchivable(options.before, options.now ?? new Date());
  await sealAuditLog(db);
  await mkdir(options.outDir, { recursive: true });
  const exported: ExportedMonth[] = [];
  for (const month of await monthsBefore(db, options.before)) {
    const unsealed = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(month.name)} where seq is null`.execute(db);
    if (Number(unsealed.rows[0]?.n ?? 0) > 0) {
      throw new Error(`${month.name} has rows still in flight; try again in a minute`);
    }
    const file = path.join(options.outDir, `${month.name}.ndjson.gz`);
    const written = await writeMonth(db, month.name, file);
    const runs: Insertable<AuditLogExportedRunsTable>[] = [];
    for (const run of written.runs) {
      runs.push({
        first_seq: run.firstSeq,
        last_seq: run.lastSeq,
        hash_before: await hashBefore(db, run.firstSeq),
        last_hash: run.lastHash,
        partition_name: month.name,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('audit_log_exported_months')
        .values({
          partition_name: month.name,
          month_start: month.start,
          rows: written.rows,
          file_name: path.basename(file),
          file_sha256: written.sha256,
        })
        .execute();
      if (runs.length > 0) await trx.insertInto('audit_log_exported_runs').values(runs).execute();
      await sql`drop table ${sql.table(month.name)}`.execute(trx);
    });
    exported.push({ partition: month.name, rows: written.rows, file });
  }
  return exported;
}

export type ExportCheck = { intact: true; rows: number } | { intact: false; reason: string };

/**
 * Checks an exported month's file against what was recorded when it left: its digest, its rows' hashes chained
 * from the hash before the month, the number of rows and the last hash.
 */
export async function verifyExportedMonth(db: Kysely<DB>, file: string): Promise<ExportCheck> {
  const name = path.basename(file);
  const month = await db
    .selectFrom('audit_log_exported_months')
    .selectAll()
    .where('file_name', '=', name)
    .executeTakeFirst();
  if (!month) return { intact: false, reason: `${name} is not a month this audit log exported` };
  const digest = createHash('sha256');
  await pipeline(createReadStream(file), digest);
  if (digest.digest('hex') !== month.file_sha256) {
    return { intact: false, reason: 'the file has changed since it was written' };
  }
  const recorded = await db
    .selectFrom('audit_log_exported_runs')
    .selectAll()
    .where('partition_name', '=', month.partition_name)
    .execute();
  const runs = new Map(recorded.map((r) => [Number(r.first_seq), r]));
  let run: (typeof recorded)[number] | undefined;
  let previous = Buffer.alloc(0);
  let expectedSeq = -1;
  let rows = 0;
  let runsSeen = 0;
  const endsWell = () =>
    !run || (previous.equals(Buffer.from(run.last_hash)) && expectedSeq - 1 === Number(run.last_seq));
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const text of lines) {
    if (!text) continue;
    const line = JSON.parse(text) as ExportLine;
    if (line.seq !== expectedSeq) {
      if (!endsWell())
        return { intact: false, reason: `the run before row ${line.seq} does not end as recorded` };
      run = runs.get(line.seq);
      if (!run) return { intact: false, reason: `row ${line.seq} starts no recorded run of the chain` };
      previous = Buffer.from(run.hash_before);
      runsSeen += 1;
    }
    const hash = createHash('sha256').update(previous).update(line.body, 'utf8').digest();
    if (hash.toString('hex') !== line.rowHash)
      return { intact: false, reason: `row ${line.seq}'s hash does not follow` };
    previous = hash;
    expectedSeq = line.seq + 1;
    rows += 1;
  }
  if (!endsWell() || runsSeen !== runs.size)
    return { intact: false, reason: 'the runs of the chain are not as recorded' };
  if (rows !== Number(month.rows))
    return { intact: false, reason: `the file has ${rows} rows, not ${month.rows}` };
  return { intact: true, rows };
}
