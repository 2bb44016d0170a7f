import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type OpenedDatabase, openDatabase } from './database';

/** A database of its own on a PostgreSQL server, for a test file or a benchmark run. */
export interface ScratchDatabase extends OpenedDatabase {
  /** Its connection string. */
  url: string;
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a new, empty database on the server of `serverUrl` (named `prefix` and a random suffix) and opens
 * it; close() drops it again, ending any connection left to it.
 */
export async function openScratchDatabase(
  serverUrl: string,
  prefix: string,
  poolSize = 20,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
