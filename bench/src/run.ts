import { buildApp } from '@clinic/server/src/app';
import { loadConfig } from '@clinic/server/src/config';
import type { OpenedDatabase } from '@clinic/server/src/db/database';
import { createPatientsRepository } from '@clinic/server/src/modules/patients/patients.repository';
import Fastify from 'fastify';
import {
  CONNECTIONS,
  freshDatabase,
  listen,
  load,
  log,
  type Measurement,
  positiveNumber,
  type Target,
} from './harness';

const SECONDS = positiveNumber('BENCH_SECONDS', 5);
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 1, true);
const JWT_SECRET = 'bench-only-jwt-secret-bench-only-jwt-secret';
const PATIENT = { username: 'patient', password: 'demo1234' };

interface Row {
  scenario: string;
  app: Measurement;
  baseline: Measurement;
}

/** Checks that a target answers 200 before loading it: a benchmark of 401s would be meaningless. */
async function expectOk(target: Target, what: string): Promise<unknown> {
  const response = await fetch(target.url, { headers: target.headers ?? {} });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what}: ${target.url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Warm both, then measure baseline and app one after the other (never at the same time). */
async function compare(scenario: string, app: Target, baseline: Target): Promise<Row> {
  await expectOk(app, `${scenario} (app)`);
  await expectOk(baseline, `${scenario} (baseline)`);
  log(`${scenario}: warming up (${WARMUP_SECONDS} s each), then ${SECONDS} s each`);
  if (WARMUP_SECONDS > 0) {
    await load(baseline, WARMUP_SECONDS);
    await load(app, WARMUP_SECONDS);
  }
  const baselineResult = await load(baseline, SECONDS);
  const appResult = await load(app, SECONDS);
  for (const [name, m] of [
    ['app', appResult],
    ['baseline', baselineResult],
  ] as const) {
    if (m.failures > 0) log(`warning: ${scenario} ${name}: ${m.failures} of ${m.requests} requests failed`);
  }
  return { scenario, app: appResult, baseline: baselineResult };
}

/** The real app, as `npm start` builds it (without the web files), on an ephemeral port. */
async function startApp(database: OpenedDatabase) {
  const config = {
    ...loadConfig({ NODE_ENV: 'production', SEED: 'none', JWT_SECRET, LOG_LEVEL: 'warn' }),
    webDist: undefined,
  };
  const app = await buildApp({ config, db: database.db, listen: database.listen });
  const url = await listen(app);
  const response = await fetch(`${url}/api/patientinfo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PATIENT),
  });
  const body = (await response.json()) as { token?: string; patientId?: number };
  if (response.status !== 200 || !body.token || body.patientId == null) {
    throw new Error(`login as ${PATIENT.username} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { app, url, token: body.token, patientId: body.patientId };
}

/** The floor: Fastify with no plugins, hooks, auth or audit, doing the same query on the same database. */
async function startBaseline(database: OpenedDatabase) {
  const baseline = Fastify({ logger: false });
  const patients = createPatientsRepository(database.db);
  baseline.get('/health', async () => ({ status: 'ok' }));
  baseline.get<{ Params: { id: string } }>('/patient/:id', async (request, reply) => {
    const row = await patients.findById(Number(request.params.id));
    if (!row) return reply.code(404).send({ error: 'not_found' });
    return row;
  });
  const url = await listen(baseline);
  return { baseline, url };
}

async function runSuite(label: string, database: OpenedDatabase, withHealth: boolean): Promise<Row[]> {
  const { app, url, token, patientId } = await startApp(database);
  const { baseline, url: baselineUrl } = await startBaseline(database);
  const rows: Row[] = [];
  try {
    if (withHealth) {
      rows.push(
        await compare('GET /api/health', { url: `${url}/api/health` }, { url: `${baselineUrl}/health` }),
      );
    }
    rows.push(
      await compare(
        `GET /api/patientinfo/{id} (${label})`,
        { url: `${url}/api/patientinfo/${patientId}`, headers: { authorization: `Bearer ${token}` } },
        { url: `${baselineUrl}/patient/${patientId}` },
      ),
    );
  } finally {
    await baseline.close();
    await app.close();
  }
  return rows;
}

function printTable(rows: Row[]) {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  const header = ['scenario', 'req/s app', 'req/s baseline', 'ratio', 'p99 app', 'p99 baseline', 'p99 ratio'];
  const body = rows.map((r) => [
    r.scenario,
    r.app.rps.toFixed(0),
    r.baseline.rps.toFixed(0),
    ratio(r.app.rps, r.baseline.rps),
    `${r.app.p99.toFixed(1)} ms`,
    `${r.baseline.p99.toFixed(1)} ms`,
    ratio(r.app.p99, r.baseline.p99),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  const out = [
    '',
    `${CONNECTIONS} connections, ${SECONDS} s per measurement; ratio = app / baseline (req/s: higher is better, p99: lower is better)`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(line),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

async function main() {
  const rows: Row[] = [];

  log('embedded PGlite: creating, migrating and seeding a database in a temporary folder');
  const embedded = await freshDatabase();
  try {
    rows.push(...(await runSuite('PGlite', embedded, true)));
  } finally {
    await embedded.close();
  }

  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    log('PostgreSQL: creating, migrating and seeding a fresh database on BENCH_DATABASE_URL');
    const server = await freshDatabase(serverUrl);
    try {
      rows.push(...(await runSuite('PostgreSQL', server, false)));
    } finally {
      await server.close();
    }
  } else {
    log('BENCH_DATABASE_URL is not set: skipping the PostgreSQL scenario');
  }

  printTable(rows);
}

main().catch((error) => {
  console.error('bench: setup failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
