import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** The highest audit row id so far. */
async function highestId(t: TestApp): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * Runs the calls and returns the audit rows of `resource` they added (at least `expected`), in the order
 * they were written. Every row is written before its answer goes out (the hook's on send, a write's in its
 * transaction, a streamed page's before the page), so there is nothing to wait for.
 */
export async function auditedBy(
  t: TestApp,
  resource: string,
  expected: number,
  calls: () => Promise<unknown>,
) {
  const after = await highestId(t);
  await calls();
  const rows = await t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('resource', '=', resource)
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  expect(rows.length, `audit rows of ${resource}`).toBeGreaterThanOrEqual(expected);
  return rows;
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
