import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { MIGRATIONS_DIR } from '../locations';
import type { OpenedDatabase } from './database';

/**
 * Applies the forward-only SQL migrations in file-name order. Each file runs with its bookkeeping row in
 * one transaction, under an advisory lock so that two servers starting together do not both migrate.
 */
export async function migrate(database: OpenedDatabase): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  await database.exec(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  // Skipping what is already applied spares a start sending every migration's text only to be refused.
  const done = new Set(await appliedMigrations(database));
  const applied: string[] = [];
  for (const file of files.filter((f) => !done.has(f.replace(/'/g, '')))) {
    const name = file.replace(/'/g, '');
    const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    // The check runs inside the locked transaction, so a concurrent migrator that got there first wins.
    const script = `begin;
select pg_advisory_xact_lock(724001);
do $$ begin
  if exists (select 1 from schema_migrations where name = '${name}') then
    raise exception 'already-applied';
  end if;
end $$;
${text}
;
insert into schema_migrations (name) values ('${name}');
commit;`;
    try {
      await database.exec(script);
      applied.push(file);
    } catch (error) {
      if (error instanceof Error && error.message.includes('already-applied')) continue;
      throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return applied;
}

export async function appliedMigrations(database: OpenedDatabase): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
    database.db,
  );
  return rows.map((r) => r.name);
}
