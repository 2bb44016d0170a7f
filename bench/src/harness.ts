/** What the benchmarks share: settings from the environment, a server on an ephemeral port, one load run. */

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { type OpenedDatabase, openDatabase } from '@clinic/server/src/db/database';
import { migrate } from '@clinic/server/src/db/migrate';
import { openScratchDatabase } from '@clinic/server/src/db/scratch-database';
import { seedDemo } from '@clinic/server/src/db/seed/demo-seed';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

export function positiveNumber(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number (got "${raw}")`);
  }
  return value;
}

export const CONNECTIONS = positiveNumber('BENCH_CONNECTIONS', 10);
/** BENCH_ACCEPT_ENCODING ('br, gzip' as browsers send): the load asks for compressed answers. Unset: plain. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
const SETTLE_MS = 500;

export function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
}

export interface Measurement {
  rps: number;
  p50: number;
  /** autocannon reports no 95th percentile; the 97.5th bounds it from above. */
  p97_5: number;
  p99: number;
  /** Mean bytes of an answer as sent (uncompressed unless BENCH_ACCEPT_ENCODING asks for it). */
  bytes: number;
  requests: number;
  failures: number;
}

/** autocannon runs in a worker thread, so the load generator does not share the servers' event loop. */
export async function load(target: Target, seconds: number): Promise<Measurement> {
  const result = await autocannon({
    url: target.url,
    headers: { ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}), ...target.headers },
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
  // Requests cut off when the time ran out may still be running on the server: let them finish before
  // the next measurement starts or the database closes.
  await delay(SETTLE_MS);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    bytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * A fresh, migrated, seeded database: an embedded PGlite in a temporary folder (on disk, as `npm start`
 * keeps it under DATA_DIR), or a new database on a PostgreSQL server. close() removes it again.
 */
export async function freshDatabase(serverUrl?: string): Promise<OpenedDatabase & { url?: string }> {
  let database: OpenedDatabase & { url?: string };
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-'));
    const opened = await openDatabase({ dataDir });
    database = {
      ...opened,
      async close() {
        await opened.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } else {
    database = await openScratchDatabase(serverUrl, 'bench');
  }
  try {
    await migrate(database);
    await seedDemo(database.db, { includeAccounts: true });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
