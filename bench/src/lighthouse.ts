/**
 * Page audit of the home page: Lighthouse (mobile, simulated throttling) against the built web app served
 * by the real server, plus the initial JavaScript of '/' read from the build. See bench/README.md.
 *
 *   npm run build -w web && npm run bench:lighthouse -w bench
 *
 * Lighthouse is not a dependency (it breaks `npm ci` through a `latest` sub-dependency): it runs with
 * `npx -y lighthouse@12.8.2`, which needs the npm registry. Without it the script still prints the
 * JavaScript sizes and says why the audit did not run.
 *
 * Environment: BENCH_WEB_DIST (web/dist), CHROME_PATH (/usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS (3; the
 * median run is reported), BENCH_ROUTE_CHUNK (home-page: the name of the lazily loaded chunk of '/'),
 * BENCH_CPU_SLOWDOWN (calibrated from the machine's benchmarkIndex, at most Lighthouse's 4x), BENCH_PATH (/: the page
 * Lighthouse audits, e.g. /office or /appointments, with BENCH_ROUTE_CHUNK naming its chunk).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildApp } from '@clinic/server/src/app';
import { loadConfig } from '@clinic/server/src/config';
import { openDatabase } from '@clinic/server/src/db/database';
import { migrate } from '@clinic/server/src/db/migrate';
import { seedDemo } from '@clinic/server/src/db/seed/demo-seed';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_DIST = path.resolve(ROOT, process.env.BENCH_WEB_DIST || path.join('web', 'dist'));
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3));
const ROUTE_CHUNK = process.env.BENCH_ROUTE_CHUNK || 'home-page';
const PAGE_PATH = process.env.BENCH_PATH || '/';
const START_CHUNK = 'start';
/** Lighthouse's default for mobile: the CPU of a mid-range phone on a desktop as fast as it expects. */
const DEFAULT_CPU_SLOWDOWN = 4;
const LIGHTHOUSE = 'lighthouse@12.8.2';
const JWT_SECRET = 'bench-only-jwt-secret-bench-only-jwt-secret';
const TARGETS = { performance: 0.98, accessibility: 1, initialJsKb: 120 };

const run = promisify(execFile);

function log(message: string) {
  process.stderr.write(`[lighthouse] ${message}\n`);
}

/** The report, on stdout. */
function print(line: string) {
  process.stdout.write(`${line}\n`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// ---------------------------------------------------------------------------------------------------
// Initial JavaScript of '/', from the build
// ---------------------------------------------------------------------------------------------------

/** The chunks a module imports statically (`import ... from "./x.js"`, `import "./x.js"`). */
function staticImports(source: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g;
  for (const match of source.matchAll(pattern)) if (match[1]) found.add(match[1].slice(2));
  return [...found];
}

/** Every chunk reachable from the given ones through static imports. */
function closure(assets: string, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    const full = path.join(assets, file);
    if (!existsSync(full)) continue;
    seen.add(file);
    queue.push(...staticImports(readFileSync(full, 'utf8')));
  }
  return seen;
}

interface JsReport {
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

/**
 * What '/' downloads to become the running app: the entry script and any module preloads of index.html,
 * the app's start chunk (src/start.tsx, which the entry loads after the prerendered page has painted) and
 * the route's own chunk, each with everything it imports statically. Chunks the page loads later on
 * demand (the sections below the fold, the signed-in search, the content menus) are not counted.
 */
function initialJs(): JsReport {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const assets = path.join(WEB_DIST, 'assets');
  const referenced = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  const chunks = [START_CHUNK, ROUTE_CHUNK].flatMap((name) => findChunk(assets, name) ?? []);
  const files = closure(assets, [...referenced, ...chunks]);
  const report = [...files].map((file) => {
    const body = readFileSync(path.join(assets, file));
    return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  report.sort((a, b) => b.gzip - a.gzip);
  return {
    files: report,
    raw: report.reduce((sum, f) => sum + f.raw, 0),
    gzip: report.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** A lazily loaded chunk, named after its module by the bundler ('home-page' for home-page-1a2b.js). */
function findChunk(assets: string, name: string): string | undefined {
  return readdirSync(assets).find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
}

// ---------------------------------------------------------------------------------------------------
// The app, serving the built web app
// ---------------------------------------------------------------------------------------------------

async function startApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-lighthouse-'));
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await seedDemo(database.db, { includeAccounts: true });
  const config = {
    ...loadConfig({ NODE_ENV: 'production', SEED: 'none', JWT_SECRET, LOG_LEVEL: 'warn', DATA_DIR: dataDir }),
    webDist: WEB_DIST,
  };
  const app = await buildApp({ config, db: database.db, listen: database.listen });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------------

interface AuditResult {
  /** Lighthouse's measure of this machine's CPU speed (a fast desktop: about 1500 or more). */
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  scriptTransfer: number;
  failingAccessibility: string[];
}

interface LighthouseReport {
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      displayValue?: string;
      title?: string;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

async function lighthouseOnce(
  url: string,
  outDir: string,
  index: number,
  cpuSlowdown: number,
): Promise<AuditResult> {
  const output = path.join(outDir, `run-${index}.json`);
  await run(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
      '--only-categories=performance,accessibility',
      `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
  const metric = (id: string) => report.audits[id]?.displayValue ?? 'n/a';
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const accessibilityRefs = report.categories.accessibility?.auditRefs ?? [];
  return {
    benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
    performance: report.categories.performance?.score ?? 0,
    accessibility: report.categories.accessibility?.score ?? 0,
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      'Speed Index': metric('speed-index'),
    },
    scriptTransfer: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failingAccessibility: accessibilityRefs
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${report.audits[ref.id]?.title ?? ''}`),
  };
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: build the web app first (npm run build -w web).`);
  }

  const js = initialJs();
  print(`Initial JavaScript of '${PAGE_PATH}' (its route chunk ${ROUTE_CHUNK}; ${WEB_DIST}):`);
  for (const f of js.files)
    print(`  ${f.file.padEnd(44)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gzip`);
  print(
    `  ${'total'.padEnd(44)} ${kb(js.raw).padStart(10)} ${kb(js.gzip).padStart(10)} gzip` +
      `   (target <= ${TARGETS.initialJsKb} KB: ${js.gzip / 1024 <= TARGETS.initialJsKb ? 'met' : 'NOT met'})`,
  );

  const server = await startApp();
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-lighthouse-report-'));
  try {
    log(`app with ${WEB_DIST} at ${server.url}; Lighthouse ${LIGHTHOUSE}, mobile`);
    // A first run with Lighthouse's defaults measures how fast this machine is (its benchmarkIndex).
    const pageUrl = new URL(PAGE_PATH, server.url).href;
    const first = await auditOrExplain(pageUrl, outDir, 0, DEFAULT_CPU_SLOWDOWN);
    if (!first) return;
    const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN) || calibratedCpuSlowdown(first.benchmarkIndex);
    log(
      `benchmarkIndex ${first.benchmarkIndex}: CPU slowdown ${cpuSlowdown.toFixed(1)}x; ${RUNS} measured run(s)`,
    );
    const results: AuditResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await auditOrExplain(pageUrl, outDir, i + 1, cpuSlowdown);
      if (!result) return;
      results.push(result);
      log(`run ${i + 1}: performance ${result.performance}, accessibility ${result.accessibility}`);
    }
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)] as AuditResult;
    print(
      `\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, '${PAGE_PATH}' (median of ${results.length} by performance):`,
    );
    print(
      `  machine        benchmarkIndex ${first.benchmarkIndex}, CPU slowdown ${cpuSlowdown.toFixed(1)}x` +
        ' (calibrated as Lighthouse documents; 4x on a machine as fast as it expects)',
    );
    print(`  performance    ${median.performance.toFixed(2)}   (target >= ${TARGETS.performance})`);
    print(
      `  accessibility  ${median.accessibility.toFixed(2)}   (target ${TARGETS.accessibility.toFixed(1)})`,
    );
    print(`  all runs       performance ${results.map((r) => r.performance.toFixed(2)).join(', ')}`);
    for (const [name, value] of Object.entries(median.metrics)) print(`  ${name.padEnd(14)} ${value}`);
    print(`  scripts transferred ${kb(median.scriptTransfer)}`);
    for (const failing of median.failingAccessibility) print(`  accessibility: ${failing}`);
    print(
      `  uncalibrated   performance ${first.performance.toFixed(2)} at ${DEFAULT_CPU_SLOWDOWN}x on this machine ` +
        `(one run: FCP ${first.metrics.FCP}, LCP ${first.metrics.LCP}, TBT ${first.metrics.TBT})`,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await server.close();
  }
}

/**
 * The CPU slowdown that makes this machine a mid-range phone, from its benchmarkIndex: Lighthouse's
 * 4x assumes a desktop of about 1500; a slower host gets less (docs/throttling.md, "calibrating an
 * appropriate CPU slowdown multiplier", and the CPU throttling calculator it links to). Never above 4x.
 */
function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_CPU_SLOWDOWN;
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(1, Math.round(multiplier * 10) / 10));
}

/** One Lighthouse run, or undefined after saying why it could not run (exit code 1). */
async function auditOrExplain(
  url: string,
  outDir: string,
  index: number,
  cpuSlowdown: number,
): Promise<AuditResult | undefined> {
  try {
    return await lighthouseOnce(url, outDir, index, cpuSlowdown);
  } catch (error) {
    const text = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
    print(`\nLighthouse did not run (${text}).`);
    print('It needs `npx -y lighthouse@12.8.2` (the npm registry) and Chromium at CHROME_PATH.');
    process.exitCode = 1;
    return undefined;
  }
}

main().catch((error) => {
  console.error('bench:lighthouse failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
