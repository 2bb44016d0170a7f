import { loadConfig } from '../config';
import { AUDIT_RETENTION_YEARS, archiveAuditLog, sealAuditLog } from '../platform/audit-chain';
import { openConfiguredDatabase } from './bootstrap';

// npm run audit:archive -- --before 2019-01-01: moves sealed audit rows older than the date into
// audit_log_archive (the only way rows leave audit_log; docs/decisions/0032).
const at = process.argv.indexOf('--before');
const before = at > 0 ? new Date(process.argv[at + 1] ?? '') : new Date(Number.NaN);
if (Number.isNaN(before.getTime())) {
  console.error(
    `usage: npm run audit:archive -- --before YYYY-MM-DD (at least ${AUDIT_RETENTION_YEARS} years ago)`,
  );
  process.exit(2);
}
const database = await openConfiguredDatabase(loadConfig());
try {
  await sealAuditLog(database.db);
  const moved = await archiveAuditLog(database.db, before);
  console.info(`archived ${moved} audit rows written before ${before.toISOString()}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
