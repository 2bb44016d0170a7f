import { loadConfig } from '../config';
import { sealAuditLog, verifyAuditChain } from '../platform/audit-chain';
import { verifyExportedMonth } from '../platform/audit-export';
import { openConfiguredDatabase } from './bootstrap';

// npm run audit:verify: seals what has committed, then walks the audit log's hash chain (docs/decisions/0032),
// across the months exported to files by their recorded links (0039). Prints the chain's head (keep it: a later
// run that still reaches it shows nothing before it was rewritten), or the first broken link, and exits 1.
// npm run audit:verify -- --file DIR/audit_log_yyyy_mm.ndjson.gz checks an exported month's file instead.
const fileAt = process.argv.indexOf('--file');
const file = fileAt > 0 ? process.argv[fileAt + 1] : undefined;
const database = await openConfiguredDatabase(loadConfig());
try {
  if (file) {
    const check = await verifyExportedMonth(database.db, file);
    if (check.intact) console.info(`${file} intact: ${check.rows} rows chained as recorded`);
    else {
      console.error(`${file} BROKEN: ${check.reason}`);
      process.exitCode = 1;
    }
  } else {
    const sealed = await sealAuditLog(database.db);
    const report = await verifyAuditChain(database.db);
    if (report.intact) {
      console.info(
        `audit log intact: ${report.rows} rows chained (${sealed} sealed now, ${report.unsealed} still in flight); head ${report.headSeq} ${report.headHash ?? '-'}`,
      );
    } else {
      console.error(
        `audit log BROKEN at row ${report.seq} of the chain (audit id ${report.id}): ${report.reason}; ${report.rows} rows before it are intact`,
      );
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
