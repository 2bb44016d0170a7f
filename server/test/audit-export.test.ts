import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealAuditLog, verifyAuditChain } from '../src/platform/audit-chain';
import { exportAuditMonths, verifyExportedMonth } from '../src/platform/audit-export';
import { createTestApp, type TestApp } from './test-app';

/**
 * The audit log by month (issue 13, "Audit growth"; migration 0016): rows land in their month's partition,
 * and whole months older than six years leave as compressed files, recorded with the chain's links around
 * them, so that the chain and each file can still be verified.
 */
let t: TestApp;
let outDir: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  outDir = await mkdtemp(path.join(os.tmpdir(), 'audit-export-'));
});
afterAll(async () => {
  await t?.close();
  await rm(outDir, { recursive: true, force: true });
});

const db = () => t.database.db;
const exists = async (name: string) =>
  (await sql<{ r: string | null }>`select to_regclass(${name})::text as r`.execute(db())).rows[0]?.r != null;

/** Seals until nothing is in flight (a row is sealed once every older transaction has ended). */
async function sealAll() {
  await expect
    .poll(async () => {
      await sealAuditLog(db());
      const left = await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('seq', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(left.n);
    })
    .toBe(0);
}

describe('the audit log by month', () => {
  it("puts each row in its month's partition, made ahead; TRUNCATE stays refused on a month", async () => {
    const now = new Date();
    const month = `audit_log_${now.getUTCFullYear()}_${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const [row] = await db()
      .insertInto('audit_log')
      .values({ action: 'read', resource: 'patient', outcome: 'success' })
      .returning('id')
      .execute();
    const where = await sql<{ part: string }>`
      select tableoid::regclass::text as part from audit_log where id = ${row!.id}`.execute(db());
    expect(where.rows[0]?.part).toBe(month);
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    expect(
      await exists(`audit_log_${next.getUTCFullYear()}_${String(next.getUTCMonth() + 1).padStart(2, '0')}`),
    ).toBe(true);
    await expect(t.database.exec(`truncate ${month}`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`update ${month} set resource = 'x'`)).rejects.toThrow(/append-only/);
  });

  it('exports whole months older than six years to files, drops them, and the chain and files verify', async () => {
    // Exported one month at a time: April's export must link to March's file, which is gone from the log.
    for (const month of ['2018-03-15', '2018-04-15']) {
      await sql`select audit_log_create_partition(${month}::timestamptz)`.execute(db());
    }
    const at = (iso: string) => ({
      at: new Date(iso),
      action: 'read' as const,
      resource: 'patient',
      outcome: 'success' as const,
    });
    // In id order, as the sealer numbers them: a transaction that began before the turn of the month writes
    // after a row of the next month, so the months' rows interleave in the chain.
    await db()
      .insertInto('audit_log')
      .values([
        at('2018-03-02T10:00:00Z'),
        at('2018-03-20T10:00:00Z'),
        at('2018-04-01T00:00:00Z'),
        at('2018-03-31T23:59:00Z'),
        at('2018-04-09T08:00:00Z'),
      ])
      .execute();
    await db()
      .insertInto('audit_log')
      .values({ action: 'read', resource: 'patient', outcome: 'success' })
      .execute();
    await sealAll();
    const before = await verifyAuditChain(db());
    expect(before.intact).toBe(true);

    const twoYearsAgo = new Date(Date.now() - 2 * 365 * 86_400_000);
    await expect(exportAuditMonths(db(), { before: twoYearsAgo, outDir })).rejects.toThrow(/kept 6 years/);

    const march = await exportAuditMonths(db(), { before: new Date('2018-04-01T00:00:00Z'), outDir });
    expect(march.map((m) => [m.partition, m.rows])).toEqual([['audit_log_2018_03', 3]]);
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true });
    const april = await exportAuditMonths(db(), { before: new Date('2018-05-01T00:00:00Z'), outDir });
    expect(april.map((m) => [m.partition, m.rows])).toEqual([['audit_log_2018_04', 2]]);
    const exported = [...march, ...april];
    expect(await exists('audit_log_2018_03')).toBe(false);
    expect(await exists('audit_log_2018_04')).toBe(false);

    // The chain still verifies across the exported months, to the same head.
    const after = await verifyAuditChain(db());
    expect(after).toMatchObject({ intact: true, headSeq: before.intact ? before.headSeq : -1 });
    expect(after.intact && after.headHash).toBe(before.intact && before.headHash);
    for (const month of exported) {
      expect(await verifyExportedMonth(db(), month.file)).toEqual({ intact: true, rows: month.rows });
    }

    // A changed file is found out; the record of exported months is append-only.
    const file = exported[0]!.file;
    const original = await readFile(file);
    await writeFile(file, Buffer.concat([original, Buffer.from([0])]));
    expect(await verifyExportedMonth(db(), file)).toMatchObject({ intact: false });
    await writeFile(file, original);
    await expect(t.database.exec('delete from audit_log_exported_months')).rejects.toThrow(/append-only/);
  });
});
