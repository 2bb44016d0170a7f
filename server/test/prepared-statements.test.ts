import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InlineLimitsPlugin } from '../src/db/inline-limits';
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
      plugins: [new InlineLimitsPlugin()],
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

  it('a page of a list, its size written into the statement, is planned once for every key and reused', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('drop table if exists page_probe');
      await other.query('create table page_probe (id int primary key, at int not null)');
      await other.query('create index on page_probe (at, id)');
      await other.query('insert into page_probe select g, g % 1000 from generate_series(1, 20000) g');
      await other.query('analyze page_probe');
      const probe = db as unknown as Kysely<{ page_probe: { id: number; at: number } }>;
      const page = (after: number) =>
        probe
          .selectFrom('page_probe')
          .select(['id', 'at'])
          .where('at', '>', after)
          .orderBy('at')
          .orderBy('id')
          .limit(3)
          .execute();
      expect((await page(0)).map((row) => row.id)).toEqual([1, 1001, 2001]);
      for (let after = 0; after < 12; after++) await page(after);
      const { rows } = await sql<{ statement: string; generic_plans: number }>`
        select statement, generic_plans from pg_prepared_statements where statement like '%page_probe%'`.execute(
        db,
      );
      // One statement, `limit 3` in its text; PostgreSQL settled on the plan for every key after its trials.
      expect(rows).toHaveLength(1);
      expect(rows[0]?.statement).toMatch(/limit 3$/);
      expect(Number(rows[0]?.generic_plans)).toBeGreaterThan(0);
    } finally {
      await other.query('drop table if exists page_probe');
      await other.end();
    }
  });
});
