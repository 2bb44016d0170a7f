import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingPool, StatementNames } from '../src/db/prepared-statements';

/**
 * Issue 13: the statements the app sends over and over go to PostgreSQL prepared, a bounded number of them per
 * connection. pg_prepared_statements lists a connection's own, so the pool here has one connection.
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool;
  let db: Kysely<Record<string, never>>;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    db = new Kysely({
      dialect: new PostgresDialect({ pool: preparingPool(pool, new StatementNames(5, 3)) }),
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );

  it('a statement sent often is prepared once, and answers as before with its parameters', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const { rows } = await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(db);
      expect(rows).toEqual([{ n: n + 1 }]);
    }
    expect((await prepared()).filter((text) => text.includes('::int + 1 as n'))).toHaveLength(1);
  });

  it('never more than the maximum, however many texts are sent', async () => {
    for (let i = 0; i < 20; i++) {
      for (let sent = 0; sent < 4; sent++) await sql.raw(`select ${i} as piece`).execute(db);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(5);
  });
});
