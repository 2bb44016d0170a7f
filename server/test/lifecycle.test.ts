import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestDatabase } from './test-database';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits for the server started on PORT=0 to answer /api/ready, reading the port the system gave it from its
 * "listening at" log line (a port chosen by the test could be taken by another suite's ephemeral port).
 */
async function waitReady(child: ChildProcess, output: () => string, timeoutMs = 170_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output())?.[1];
    if (port) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
        if (res.ok) return;
      } catch {
        // not answering yet
      }
    }
    await sleep(200);
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

describe('start-up and shutdown', () => {
  it('a bad configuration value stops start-up with a clear message', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clinic-')) });
    const code = await server.exited;
    expect(code).toBe(78);
    expect(server.output()).toContain('PORT must be a whole number');
  });

  it('starts on an empty embedded database and exits cleanly on SIGTERM', async () => {
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clinic-')),
      SEED: 'none',
    });
    await waitReady(server.child, server.output);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 180_000); // a budget, not a measurement: a first start migrates a new database, slow on a loaded machine

  it('closing finishes requests in flight, refuses new ones, then closes the database', async () => {
    const database = await createTestDatabase();
    let databaseClosed = false;
    const config = { ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'y'.repeat(40) }), webDist: undefined };
    const app = await buildApp({
      config,
      db: database.db,
      onClose: async () => {
        databaseClosed = true;
        await database.close();
      },
    });
    // The route holds its request until the test lets it go: no timing decides what is in flight.
    let entered!: () => void;
    const inRoute = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
      entered();
      await gate;
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`).then((r) => r.json());
    await inRoute;
    const closing = app.close();
    // New connections are refused while the request in flight is still held.
    await expect
      .poll(() =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 'refused',
        ),
      )
      .toBe('refused');
    expect(databaseClosed).toBe(false);
    release();
    expect(await inFlight).toEqual({ finished: true });
    await closing;
    expect(databaseClosed).toBe(true);
  }, 120_000); // a budget: creating a test database and building the app take over 30 s on a loaded machine
});
