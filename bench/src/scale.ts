/**
 * Scale benchmark (issue 13): the app on a PostgreSQL database the size of a large network, every list, search,
 * available-times and booking route loaded as admin and as a patient, with the same SQL on a bare Fastify + pg
 * route as the baseline for the patient read (the bare read) and for available-times. The baseline reads through the
 * app's database handle, so it sends its statements prepared as the app does. See bench/README.md.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale -w bench
 *
 * Environment: BENCH_SCALE (1: the full network; 0.1 for a tenth), BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (2,
 * before each measured route), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3: a route with a baseline and its baseline
 * are measured in turn this many times);
 * BENCH_ROUTES (only the routes whose name contains it); BENCH_KEEP_DATABASE (a database name: seeded once, kept
 * and reused by later runs, for measuring one change after another without seeding again).
 * Never fails on a time: it exits non-zero only when its setup breaks.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type OpenedDatabase, openDatabase } from '@clinic/server/src/db/database';
import { migrate } from '@clinic/server/src/db/migrate';
import { seedDemo } from '@clinic/server/src/db/seed/demo-seed';
import { createAppointmentsRepository } from '@clinic/server/src/modules/appointments/appointments.repository';
import { createPatientsRepository } from '@clinic/server/src/modules/patients/patients.repository';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { CONNECTIONS, freshDatabase, listen, load, log, type Measurement, positiveNumber } from './harness';
import { LARGE_NETWORK, type NetworkSize, seedNetwork, vacuumAndAnalyze } from './scale-seed';

const SECONDS = positiveNumber('BENCH_SECONDS', 5);
const SCALE = positiveNumber('BENCH_SCALE', 1);
const ROUTES = process.env.BENCH_ROUTES ?? '';
/** Each route is loaded this long before it is measured (a running server has compiled its hot code). */
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 2, true);
const KEEP = process.env.BENCH_KEEP_DATABASE;
/** Rounds of a route measured against its baseline, the two taking turns. */
const ROUNDS = Math.max(1, Math.round(positiveNumber('BENCH_ROUNDS', 3)));

/** The kept database of BENCH_KEEP_DATABASE: created, migrated and seeded on first use; never dropped. */
async function keptDatabase(
  serverUrl: string,
  name: string,
  size: NetworkSize,
): Promise<OpenedDatabase & { url: string }> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error('BENCH_KEEP_DATABASE must be a plain lowercase name');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await migrate(database);
  const seeded = await sql<{
    n: number;
  }>`select count(*)::int as n from offices where name like 'Scale Office%'`.execute(database.db);
  if ((seeded.rows[0]?.n ?? 0) === 0) {
    await seedDemo(database.db, { includeAccounts: true });
    await seedNetwork(database, size, log);
  } else {
    log(`reusing the seeded database ${name}`);
    await vacuumAndAnalyze(database.db);
  }
  return { ...database, url: url.toString() };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const JWT_SECRET = 'bench-only-jwt-secret-bench-only-jwt-secret';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the app as `npm start` runs it (the built server/dist/main.mjs, built first if its sources changed),
 * in a process of its own with production settings, on the database at `url`; resolves once it answers.
 */
async function startServer(url: string): Promise<{ url: string; child: ChildProcess }> {
  const built = spawnSync(process.execPath, ['scripts/build-if-changed.mjs', 'server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the server failed');
  const port = await freePort();
  // The heap limit npm start gives the app (package.json; docs/decisions/0046).
  const child = spawn(process.execPath, ['--max-old-space-size=384', 'server/dist/main.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET,
      SEED: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the app process exited (${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url: base, child };
    await delay(100);
  }
  child.kill('SIGTERM');
  throw new Error('the app did not answer /api/health within 30 s');
}

/** A process's peak resident set size (Linux: VmHWM), in bytes; 0 where /proc is not there. */
function peakRssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

interface Row {
  scenario: string;
  m: Measurement;
  baseline?: Measurement;
  /** Each round's ratio to the baseline, lowest first (the row shows the median round). */
  ratios?: number[];
}

async function signIn(
  url: string,
  path: string,
  username: string,
): Promise<{ token: string; patientId?: number }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  const body = (await response.json()) as { token?: string; patientId?: number };
  if (response.status !== 200 || !body.token)
    throw new Error(`login as ${username} failed: ${response.status}`);
  return { token: body.token, ...(body.patientId != null ? { patientId: body.patientId } : {}) };
}

async function expectOk(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL is required: the scale benchmark runs on PostgreSQL');
  const size: NetworkSize = Object.fromEntries(
    Object.entries(LARGE_NETWORK).map(([k, v]) => [k, Math.max(1, Math.round(v * SCALE))]),
  ) as unknown as NetworkSize;
  log(`network: ${JSON.stringify(size)}`);
  const seeded = performance.now();
  let database: OpenedDatabase & { url?: string };
  if (KEEP) {
    database = await keptDatabase(serverUrl, KEEP, size);
  } else {
    database = await freshDatabase(serverUrl);
    try {
      await seedNetwork(database, size, log);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  log(`ready in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  try {
    if (!database.url) throw new Error('the benchmark database has no connection string');
    const server = await startServer(database.url);
    const url = server.url;
    const baseline = Fastify({ logger: false });
    const patients = createPatientsRepository(database.db);
    baseline.get<{ Params: { id: string } }>('/patient/:id', async (request) =>
      patients.findById(Number(request.params.id)),
    );
    // The reads of available-times (the office, its day's hours, the day's live visits by time), answered as
    // rows: the same SQL without the app's sign-in check, validation, audit and slot arithmetic.
    const appointments = createAppointmentsRepository(database.db);
    baseline.get<{ Querystring: { officeId: string; date: string } }>('/available-times', async (request) => {
      const officeId = Number(request.query.officeId);
      const { date } = request.query;
      const office = await appointments.findOffice(officeId);
      const [hours, counts] = await Promise.all([
        appointments.findOfficeDay(officeId, date),
        appointments.liveCountsByTime(officeId, date),
      ]);
      return { office, hours, counts: Object.fromEntries(counts) };
    });
    const baselineUrl = await listen(baseline);

    const admin = {
      authorization: `Bearer ${(await signIn(url, '/api/doctorinfo/doctor/login', 'admin')).token}`,
    };
    const patientLogin = await signIn(url, '/api/patientinfo/login', 'patient');
    const patient = { authorization: `Bearer ${patientLogin.token}` };
    const office = await database.db
      .selectFrom('offices')
      .select('id')
      .where('name', 'like', 'Scale Office%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const doctor = await database.db
      .selectFrom('doctors')
      .select('id')
      .where('office_id', '=', office.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const busyDay = await sql<{
      d: string;
    }>`select to_char(min(appointment_date), 'YYYY-MM-DD') as d from appointments where office_id = ${office.id}`.execute(
      database.db,
    );
    const day = busyDay.rows[0]?.d ?? '2024-01-02';

    const scenarios: { name: string; url: string; headers: Record<string, string>; baseline?: string }[] = [
      { name: 'GET /api/appointments/all (admin)', url: `${url}/api/appointments/all`, headers: admin },
      {
        name: 'GET /api/appointments/office/{id} (admin)',
        url: `${url}/api/appointments/office/${office.id}`,
        headers: admin,
      },
      {
        name: 'GET /api/appointments/doctor/{id} (admin)',
        url: `${url}/api/appointments/doctor/${doctor.id}`,
        headers: admin,
      },
      {
        name: 'GET /api/appointments/date/{d} (admin)',
        url: `${url}/api/appointments/date/${day}`,
        headers: admin,
      },
      {
        name: 'GET /api/appointments/by-office-and-date (admin)',
        url: `${url}/api/appointments/by-office-and-date?officeId=${office.id}&date=${day}`,
        headers: admin,
      },
      { name: 'GET /api/appointments/all (patient)', url: `${url}/api/appointments/all`, headers: patient },
      { name: 'GET /api/patientinfo/all (admin, list)', url: `${url}/api/patientinfo/all`, headers: admin },
      {
        name: 'GET /api/patientinfo/all?page=2&size=25 (admin)',
        url: `${url}/api/patientinfo/all?page=2&size=25`,
        headers: admin,
      },
      // The All Patients screen filtered: a piece of a name that sorts late (6,667 Smiths) and one that the
      // scale seed's 20 last names make match a quarter of the network (Johnson, Thompson, ...).
      {
        name: 'GET /api/patientinfo/all?page=1&q=smi (admin, filtered)',
        url: `${url}/api/patientinfo/all?page=1&size=25&q=smi`,
        headers: admin,
      },
      {
        name: 'GET /api/patientinfo/all?page=1&q=son (admin, filtered)',
        url: `${url}/api/patientinfo/all?page=1&size=25&q=son`,
        headers: admin,
      },
      {
        name: 'GET /api/patientinfo/search/all?query=smi (admin)',
        url: `${url}/api/patientinfo/search/all?query=smi`,
        headers: admin,
      },
      {
        name: 'GET /api/patient-permissions/getall (admin)',
        url: `${url}/api/patient-permissions/getall`,
        headers: admin,
      },
      { name: 'GET /api/ratings/all (admin)', url: `${url}/api/ratings/all`, headers: admin },
      {
        name: 'GET /api/doctorinfo/doctor/all/details (public, whole list)',
        url: `${url}/api/doctorinfo/doctor/all/details`,
        headers: {},
      },
      {
        name: 'GET /api/doctorinfo/doctor/all/details?page= (public, the care team page)',
        url: `${url}/api/doctorinfo/doctor/all/details?page=3&size=10&search=massage`,
        headers: {},
      },
      { name: 'GET /api/office/all (public)', url: `${url}/api/office/all`, headers: {} },
      {
        name: 'GET /api/appointments/available-times (patient)',
        url: `${url}/api/appointments/available-times?officeId=${office.id}&date=${day}`,
        headers: patient,
        baseline: `${baselineUrl}/available-times?officeId=${office.id}&date=${day}`,
      },
      {
        name: 'GET /api/patientinfo/{id} (patient)',
        url: `${url}/api/patientinfo/${patientLogin.patientId}`,
        headers: patient,
        baseline: `${baselineUrl}/patient/${patientLogin.patientId}`,
      },
    ];

    const rows: Row[] = [];
    let peakRss = 0;
    try {
      for (const s of scenarios.filter((each) => each.name.includes(ROUTES))) {
        await expectOk(s.url, s.headers);
        log(`${s.name}: ${SECONDS} s`);
        if (WARMUP_SECONDS > 0) await load({ url: s.url, headers: s.headers }, WARMUP_SECONDS);
        if (!s.baseline) {
          const m = await load({ url: s.url, headers: s.headers }, SECONDS);
          if (m.failures > 0) log(`warning: ${s.name}: ${m.failures} of ${m.requests} requests failed`);
          rows.push({ scenario: s.name, m });
          continue;
        }
        // A ratio from one pair of runs moves with whatever else this machine is doing: the app and its
        // baseline take turns, and the pair with the median ratio is reported, with the others' range.
        if (WARMUP_SECONDS > 0) await load({ url: s.baseline }, WARMUP_SECONDS);
        const pairs: { m: Measurement; baseline: Measurement }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const m = await load({ url: s.url, headers: s.headers }, SECONDS);
          if (m.failures > 0) log(`warning: ${s.name}: ${m.failures} of ${m.requests} requests failed`);
          pairs.push({ m, baseline: await load({ url: s.baseline }, SECONDS) });
        }
        const ratio = (pair: { m: Measurement; baseline: Measurement }) =>
          pair.baseline.rps > 0 ? pair.m.rps / pair.baseline.rps : 0;
        pairs.sort((a, b) => ratio(a) - ratio(b));
        const median = pairs[Math.floor(pairs.length / 2)] as (typeof pairs)[number];
        rows.push({ scenario: s.name, ...median, ratios: pairs.map(ratio) });
      }
    } finally {
      peakRss = peakRssOf(server.child.pid);
      await baseline.close();
      await stopServer(server.child);
    }
    printTable(rows, peakRss);
  } finally {
    await database.close();
  }
}

/** ' (0.46-0.55x over 3 rounds)' for a ratio measured more than once. */
function spread(ratios: number[] | undefined): string {
  if (!ratios || ratios.length < 2) return '';
  const low = ratios[0] ?? 0;
  const high = ratios[ratios.length - 1] ?? 0;
  return ` (${low.toFixed(2)}-${high.toFixed(2)}x over ${ratios.length} rounds)`;
}

function printTable(rows: Row[], peakRss: number) {
  const header = ['scenario', 'req/s', 'p50', 'p97.5', 'p99', 'bytes', 'vs baseline'];
  const body = rows.map((r) => [
    r.scenario,
    r.m.rps.toFixed(0),
    `${r.m.p50.toFixed(0)} ms`,
    `${r.m.p97_5.toFixed(0)} ms`,
    `${r.m.p99.toFixed(0)} ms`,
    r.m.bytes.toFixed(0),
    r.baseline && r.baseline.rps > 0 ? `${(r.m.rps / r.baseline.rps).toFixed(2)}x${spread(r.ratios)}` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  process.stdout.write(
    [
      '',
      `${CONNECTIONS} connections, ${SECONDS} s per route; bytes = mean uncompressed answer; vs baseline = req/s over a bare Fastify + pg route running the same query (the median of ${ROUNDS} alternating rounds, whose figures the row shows)`,
      line(header),
      widths.map((w) => '-'.repeat(w)).join('  '),
      ...body.map(line),
      '',
      `peak RSS of the app's process (VmHWM): ${(peakRss / 1024 / 1024).toFixed(0)} MiB`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(
    'bench:scale: setup failed:',
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  process.exit(1);
});
