/**
 * Scale benchmark (issue 13): the app on a PostgreSQL database the size of a large network, every list, search,
 * available-times and booking route loaded as admin and as a patient, with the same SQL on a bare Fastify + pg
 * route as the baseline for the patient read. See bench/README.md.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale -w bench
 *
 * Environment: BENCH_SCALE (1: the full network; 0.1 for a tenth), BENCH_SECONDS (5), BENCH_CONNECTIONS (10).
 * Never fails on a time: it exits non-zero only when its setup breaks.
 */
import { buildApp } from '@clinic/server/src/app';
import { loadConfig } from '@clinic/server/src/config';
import { createPatientsRepository } from '@clinic/server/src/modules/patients/patients.repository';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { CONNECTIONS, freshDatabase, listen, load, log, type Measurement, positiveNumber } from './harness';
import { LARGE_NETWORK, type NetworkSize, seedNetwork } from './scale-seed';

const SECONDS = positiveNumber('BENCH_SECONDS', 5);
const SCALE = positiveNumber('BENCH_SCALE', 1);
const JWT_SECRET = 'bench-only-jwt-secret-bench-only-jwt-secret';
const RSS_SAMPLE_MS = 100;

interface Row {
  scenario: string;
  m: Measurement;
  baseline?: Measurement;
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
  const database = await freshDatabase(serverUrl);
  const seeded = performance.now();
  try {
    await seedNetwork(database, size, log);
    log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

    const config = {
      ...loadConfig({ NODE_ENV: 'production', SEED: 'none', JWT_SECRET, LOG_LEVEL: 'warn' }),
      webDist: undefined,
    };
    const app = await buildApp({ config, db: database.db, listen: database.listen });
    const url = await listen(app);
    const baseline = Fastify({ logger: false });
    const patients = createPatientsRepository(database.db);
    baseline.get<{ Params: { id: string } }>('/patient/:id', async (request) =>
      patients.findById(Number(request.params.id)),
    );
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
      },
      {
        name: 'GET /api/patientinfo/{id} (patient)',
        url: `${url}/api/patientinfo/${patientLogin.patientId}`,
        headers: patient,
        baseline: `${baselineUrl}/patient/${patientLogin.patientId}`,
      },
    ];

    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, RSS_SAMPLE_MS);
    const rows: Row[] = [];
    try {
      for (const s of scenarios) {
        await expectOk(s.url, s.headers);
        log(`${s.name}: ${SECONDS} s`);
        const m = await load({ url: s.url, headers: s.headers }, SECONDS);
        if (m.failures > 0) log(`warning: ${s.name}: ${m.failures} of ${m.requests} requests failed`);
        const row: Row = { scenario: s.name, m };
        if (s.baseline) row.baseline = await load({ url: s.baseline }, SECONDS);
        rows.push(row);
      }
    } finally {
      clearInterval(sampler);
      await baseline.close();
      await app.close();
    }
    printTable(rows, peakRss);
  } finally {
    await database.close();
  }
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
    r.baseline && r.baseline.rps > 0 ? `${(r.m.rps / r.baseline.rps).toFixed(2)}x` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  process.stdout.write(
    [
      '',
      `${CONNECTIONS} connections, ${SECONDS} s per route; bytes = mean uncompressed answer; vs baseline = req/s over a bare Fastify + pg route running the same query`,
      line(header),
      widths.map((w) => '-'.repeat(w)).join('  '),
      ...body.map(line),
      '',
      `peak RSS of the process (server, baseline and load generator): ${(peakRss / 1024 / 1024).toFixed(0)} MiB`,
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
