import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openScratchDatabase } from '../src/db/scratch-database';

export interface TestDatabase extends OpenedDatabase {
  /** The connection string of the fresh PostgreSQL database, when the suite runs on a server. */
  url?: string;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by close()).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    if (template) return openDatabase({ loadDataDir: new Blob([await readFile(template)]) });
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const database = await openScratchDatabase(serverUrl, `t_${process.pid}`);
  await migrate(database);
  return database;
}
