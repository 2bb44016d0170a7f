import path from 'node:path';
import { loadConfig } from '../config';
import { AUDIT_RETENTION_YEARS, archiveAuditLog } from '../platform/audit-chain';
import { exportAuditMonths } from '../platform/audit-export';
import { openConfiguredDatabase } from './bootstrap';

// npm run audit:archive -- --before 2019-01-01 [--out DIR]: exports every whole month of the audit log before the
// date (at least six years ago) to DIR/audit_log_yyyy_mm.ndjson.gz (DATA_DIR/audit-exports unless given) and
// drops its partition; rows before the date still in the log (a month cut by the date, or the default partition)
// move into audit_log_archive. The only ways rows leave audit_log (docs/decisions/0032, 0039).
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const before = new Date(argument('--before') ?? '');
if (Number.isNaN(before.getTime())) {
  console.error(
    `usage: npm run audit:archive -- --before YYYY-MM-DD [--out DIR] (at least ${AUDIT_RETENTION_YEARS} years ago)`,
  );
  process.exit(2);
}
const config = loadConfig();
const outDir = path.resolve(argument('--out') ?? path.join(config.dataDir, 'audit-exports'));
const database = await openConfiguredDatabase(config);
try {
  const months = await exportAuditMonths(database.db, { before, outDir });
  for (const month of months)
    console.info(`exported ${month.rows} audit rows of ${month.partition} to ${month.file}`);
  const moved = await archiveAuditLog(database.db, before);
  console.info(
    `${months.length} months exported and dropped; ${moved} other audit rows written before ${before.toISOString()} moved to audit_log_archive`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
