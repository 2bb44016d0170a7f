import type { TestApp } from './test-app';

const POLL_MS = 20;
const WAIT_MS = 5000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The highest audit row id once earlier calls' rows have stopped arriving (no change for 60 ms). */
async function settledHighestId(t: TestApp): Promise<number> {
  const highest = async () => {
    const row = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  };
  let last = await highest();
  for (let i = 0; i < 50; i++) {
    await pause(60);
    const next = await highest();
    if (next === last) break;
    last = next;
  }
  return last;
}

/**
 * Runs the calls and returns the audit rows of `resource` they added, once `expected` of them exist.
 * Rows are written after the answer has gone out (onResponse), so on a PostgreSQL server a test could
 * look before the last write lands, and rows of consecutive calls may land in either order: compare
 * them by content, not by position.
 */
export async function auditedBy(
  t: TestApp,
  resource: string,
  expected: number,
  calls: () => Promise<unknown>,
) {
  const after = await settledHighestId(t);
  await calls();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', resource)
      .where('id', '>', after)
      .orderBy('id')
      .execute();
    if (rows.length >= expected || Date.now() > deadline) return rows;
    await pause(POLL_MS);
  }
}

/**
 * The audit row a successful write committed in its own transaction (docs/decisions/0029): there as soon
 * as the answer is, so no waiting.
 */
export function committedAuditRow(
  t: TestApp,
  resource: string,
  action: 'create' | 'update' | 'delete',
  resourceId: number,
) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('resource', '=', resource)
    .where('action', '=', action)
    .where('resource_id', '=', String(resourceId))
    .where('outcome', '=', 'success')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
