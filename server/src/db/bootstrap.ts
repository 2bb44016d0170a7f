import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type OpenedDatabase, openDatabase } from './database';
import { migrate } from './migrate';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed';

/** The PostgreSQL server of DATABASE_URL, or the embedded PGlite under DATA_DIR/pgdata. */
export function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  const dir = path.join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return openDatabase({ dataDir: dir });
}

/** Opens the configured database, applies pending migrations and, on an empty one, the demo seed. */
export async function prepareDatabase(
  config: Config,
  log: (message: string) => void,
): Promise<OpenedDatabase> {
  const database = await openConfiguredDatabase(config);
  try {
    const applied = await migrate(database);
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    if (config.seed === 'demo' && (await isDatabaseEmpty(database.db))) {
      await seedDemo(database.db, { includeAccounts: config.nodeEnv !== 'production' });
      log('empty database: demo data loaded');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
