import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { prepareDatabase } from '../src/db/bootstrap';
import { appliedMigrations } from '../src/db/migrate';

const folder = (name: string) => mkdtempSync(path.join(tmpdir(), `clinic-${name}-`));

async function patientsOf(database: Awaited<ReturnType<typeof prepareDatabase>>) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from patients`.execute(database.db);
  return rows[0]?.n;
}

// The embedded database's start (issue 13, fast start); a PostgreSQL run has no data folders to create.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a new embedded database', () => {
  it('is made once by initdb and kept as a template, then every new data folder starts from the template', async () => {
    const templates = folder('templates');
    const config = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, SEED: 'demo' });
    const messages: string[] = [];

    const first = await prepareDatabase(config(folder('first')), (m) => messages.push(m), templates);
    expect(first.origin).toBe('initdb');
    const migrations = await appliedMigrations(first);
    const patients = await patientsOf(first);
    await first.close();
    expect(
      readdirSync(templates).filter((name) => name.startsWith('template-') && !name.endsWith('.partial')),
    ).toHaveLength(1);
    expect(messages).toContain('empty database: demo data loaded');

    const secondDir = folder('second');
    const second = await prepareDatabase(config(secondDir), () => {}, templates);
    expect(second.origin).toBe('template');
    // Migrated as the first, and seeded after the template was kept (the template itself holds no data).
    expect(await appliedMigrations(second)).toEqual(migrations);
    expect(await patientsOf(second)).toBe(patients);
    await sql`insert into insurances (name) values ('Only in the second')`.execute(second.db);
    await second.close();

    const reopened = await prepareDatabase(config(secondDir), () => {}, templates);
    expect(reopened.origin).toBe('existing');
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from insurances where name = 'Only in the second'`.execute(reopened.db);
    expect(rows[0]?.n).toBe(1);
    await reopened.close();

    const third = await prepareDatabase(config(folder('third')), () => {}, templates);
    const { rows: fresh } = await sql<{
      n: number;
    }>`select count(*)::int as n from insurances where name = 'Only in the second'`.execute(third.db);
    expect(fresh[0]?.n).toBe(0);
    await third.close();
    expect(existsSync(templates)).toBe(true);
  }, 120_000);
});
