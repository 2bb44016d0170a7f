import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditRow, createAuditWriter } from '../src/platform/audit-writer';
import { createTestDatabase, type TestDatabase } from './test-database';

// The audit rows of calls that finish together are written together (group commit, docs/decisions/0051).
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The database, counting the INSERT statements sent through it. */
function countingInserts() {
  const counted = { inserts: 0 };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (args.node.kind === 'InsertQueryNode') counted.inserts += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: database.db.withPlugin(plugin), counted };
}

function row(requestId: string, outcome: AuditRow['outcome'] = 'success'): AuditRow {
  return {
    actor_user_id: null,
    actor_username: 'emily',
    actor_role: 'PATIENT',
    action: 'read',
    resource: 'patient',
    resource_id: '7',
    patient_id: 7,
    outcome,
    ip: '127.0.0.1',
    request_id: requestId,
  };
}

async function rowsOf(prefix: string) {
  return database.db
    .selectFrom('audit_log')
    .select(['id', 'request_id'])
    .where('request_id', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
}

describe('the audit writer', () => {
  it('writes a lone row at once, and the rows that come while it writes in one INSERT, in order', async () => {
    const { db, counted } = countingInserts();
    const writer = createAuditWriter(db);
    const ids = Array.from({ length: 20 }, (_, i) => `together-${String(i).padStart(2, '0')}`);
    await Promise.all(ids.map((id) => writer.write(row(id))));

    expect((await rowsOf('together-')).map((r) => r.request_id)).toEqual(ids);
    // The first alone (nothing was waiting), the 19 that came while it was written together.
    expect(counted.inserts).toBe(2);
  });

  it('resolves a write only once its row can be read back', async () => {
    const writer = createAuditWriter(database.db);
    await writer.write(row('committed-1'));
    expect(await rowsOf('committed-1')).toHaveLength(1);
  });

  it('writes no more than its batch at a time', async () => {
    const { db, counted } = countingInserts();
    const writer = createAuditWriter(db, 4);
    await Promise.all(Array.from({ length: 9 }, (_, i) => writer.write(row(`bounded-${i}`))));
    expect(await rowsOf('bounded-')).toHaveLength(9);
    // 1, then the 8 that waited, 4 at a time.
    expect(counted.inserts).toBe(3);
  });

  it('fails only the row that cannot be written: the others of its batch are written', async () => {
    const writer = createAuditWriter(database.db);
    const first = writer.write(row('mixed-first'));
    const results = await Promise.allSettled([
      first,
      writer.write(row('mixed-good-1')),
      writer.write(row('mixed-bad', 'bogus' as AuditRow['outcome'])),
      writer.write(row('mixed-good-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await rowsOf('mixed-')).map((r) => r.request_id)).toEqual([
      'mixed-first',
      'mixed-good-1',
      'mixed-good-2',
    ]);
    // It goes on writing afterwards.
    await writer.write(row('mixed-after'));
    expect(await rowsOf('mixed-after')).toHaveLength(1);
  });
});
