import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type OpenedDatabase, openDatabase } from './database';
import { migrate } from './migrate';
import { copyPgliteTemplate, keepPgliteTemplate, PGLITE_TEMPLATES_DIR } from './pglite-template';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed';

/** How the database came to be: a server's, an existing data folder, or a new one (from the template or initdb). */
export type DatabaseOrigin = 'server' | 'existing' | 'template' | 'initdb';

export interface PreparedDatabase extends OpenedDatabase {
  origin: DatabaseOrigin;
}

/** The embedded database's data folder under DATA_DIR. */
const pgdataOf = (config: Config) => path.join(config.dataDir, 'pgdata');

/** The PostgreSQL server of DATABASE_URL, or the embedded PGlite under DATA_DIR/pgdata. */
export async function openConfiguredDatabase(
  config: Config,
  templatesDir = PGLITE_TEMPLATES_DIR,
): Promise<PreparedDatabase> {
  if (config.databaseUrl) return { ...(await openDatabase({ url: config.databaseUrl })), origin: 'server' };
  const dataDir = pgdataOf(config);
  let origin: DatabaseOrigin = 'existing';
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    origin = (await copyPgliteTemplate(dataDir, templatesDir)) ? 'template' : 'initdb';
  }
  return { ...(await openDatabase({ dataDir })), origin };
}

/**
 * Opens the configured database, applies pending migrations and, on an empty one, the demo seed. A data
 * folder created by initdb is kept as the template for the next new one once migrated, before the seed.
 */
export async function prepareDatabase(
  config: Config,
  log: (message: string) => void,
  templatesDir = PGLITE_TEMPLATES_DIR,
): Promise<PreparedDatabase> {
  let database = await openConfiguredDatabase(config, templatesDir);
  try {
    const applied = await migrate(database);
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    if (database.origin === 'initdb') {
      // A closed database's folder is consistent on disk; copy it, then open it again.
      await database.close();
      if (await keepPgliteTemplate(pgdataOf(config), templatesDir)) {
        log('new embedded database kept as the template for the next new one');
      }
      database = { ...(await openDatabase({ dataDir: pgdataOf(config) })), origin: 'initdb' };
    }
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
