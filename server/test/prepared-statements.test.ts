import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparingPool, StatementNames } from '../src/db/prepared-statements';

/**
 * Issue 13: the statements the app sends over and over go to PostgreSQL prepared, a bounded number of them per
 * connection. pg_prepared_statements lists a connection's own, so the pool here has one connection.
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool;
  let db: Kysely<Record<string, never>>;
  // Each test has its own connection and its own names (at most 5, after 3 sends).
  beforeEach(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    db = new Kysely({
      dialect: new PostgresDialect({ pool: preparingPool(pool, new StatementNames(5, 3)) }),
    });
  });
  afterEach(async () => {
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

  it('a column added by another connection (a newer instance migrating) breaks no statement', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('drop table if exists prepared_probe');
      await other.query('create table prepared_probe (id int primary key, name text)');
      await other.query("insert into prepared_probe values (1, 'one')");
      const everyColumn = () => sql<{ id: number }>`select * from prepared_probe where id = ${1}`.execute(db);
      const named = () =>
        sql<{ id: number }>`select id, name from prepared_probe where id = ${1}`.execute(db);
      for (let sent = 0; sent < 5; sent++) {
        await everyColumn();
        await named();
      }
      expect(await prepared()).toEqual([expect.stringContaining('select id, name from prepared_probe')]);
      await other.query('alter table prepared_probe add column note text');
      expect((await everyColumn()).rows).toEqual([{ id: 1, name: 'one', note: null }]);
      expect((await named()).rows).toEqual([{ id: 1, name: 'one' }]);
    } finally {
      await other.query('drop table if exists prepared_probe');
      await other.end();
    }
  });
});
