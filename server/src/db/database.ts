import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { InlineLimitsPlugin } from './inline-limits';
import { preparingPool } from './prepared-statements';
import type { DB } from './schema';

export type Database = Kysely<DB>;

/** Column types we read as plain strings: office-local dates and wall-clock times must never shift zones. */
const DATE_OID = 1082;
const TIME_OID = 1083;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

export interface OpenDatabaseOptions {
  /** postgres://... for a PostgreSQL server; unset for the embedded PGlite. */
  url?: string | undefined;
  /** Folder of the embedded database; unset for an in-memory one (tests). */
  dataDir?: string | undefined;
  /** A dumped data folder to start from (tests load one migrated template instead of migrating each time). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database's data folder as a tarball (PGlite only). */
  dump?: () => Promise<Blob>;
  /** Runs a multi-statement SQL script (migrations) outside Kysely, which sends one statement at a time. */
  exec(script: string): Promise<void>;
  /** Subscribes to a notification channel on a connection of its own; see Listen. */
  listen: Listen;
  close(): Promise<void>;
}

/**
 * LISTEN on `channel`: `onMessage` gets each payload, in commit order. `onLost` is called once if the
 * connection is lost (PostgreSQL only), after which nothing more arrives: subscribe again. Resolves, once
 * listening, to a function that unsubscribes.
 */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
) => Promise<() => Promise<void>>;

/** A channel name as a quoted SQL identifier (LISTEN takes no parameters). */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  return channel;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.url) {
    const types = {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === DATE_OID || oid === TIME_OID) return (v: string) => v;
        if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      },
    } as pg.CustomTypesConfig;
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, types });
    // An idle client that errors (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Often-sent statements go prepared (db/prepared-statements.ts).
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      plugins: [new InlineLimitsPlugin()],
    });
    return {
      db,
      kind: 'postgres',
      async exec(script) {
        const client = await pool.connect();
        try {
          await client.query(script);
        } catch (error) {
          // A failed script leaves its transaction aborted; end it before the client returns to the pool.
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      async listen(channel, onMessage, onLost) {
        const client = new pg.Client({ connectionString: options.url });
        let lost = false;
        const loseOnce = () => {
          if (lost) return;
          lost = true;
          onLost();
        };
        client.on('error', loseOnce);
        client.on('end', loseOnce);
        client.on('notification', (message) => {
          if (!lost && message.channel === channel) onMessage(message.payload ?? '');
        });
        try {
          await client.connect();
          await client.query(`listen ${channelIdentifier(channel)}`);
        } catch (error) {
          lost = true;
          await client.end().catch(() => {});
          throw error;
        }
        return async () => {
          lost = true;
          await client.end().catch(() => {});
        };
      },
      close: () => db.destroy(),
    };
  }
  const pglite = new PGlite({
    // Options only count in this form: PGlite ignores them when the first argument is undefined.
    dataDir: options.dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // Extensions the migrations create (PostgreSQL servers have them in contrib).
    extensions: { pg_trgm },
    parsers: {
      [DATE_OID]: (v: string) => v,
      [TIME_OID]: (v: string) => v,
      [INT8_OID]: (v: string) => Number(v),
      [NUMERIC_OID]: (v: string) => Number(v),
    },
  });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins: [new InlineLimitsPlugin()] });
  return {
    async dump() {
      return pglite.dumpDataDir('none');
    },
    db,
    kind: 'pglite',
    async exec(script) {
      try {
        await pglite.exec(script);
      } catch (error) {
        await pglite.exec('rollback').catch(() => {});
        throw error;
      }
    },
    async listen(channel, onMessage) {
      // One process owns an embedded database, so its connection cannot be lost while it is open.
      return pglite.listen(channelIdentifier(channel), onMessage);
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
