#!/usr/bin/env node
// The whole test run (`npm test`): each step in order, stopping at the first failure.
//
//   node scripts/test-all.mjs                 every step
//   node scripts/test-all.mjs --skip-e2e      everything but Chromium and the browser tests
//   node scripts/test-all.mjs --only unit     one step (or several: --only typecheck,lint)
//   node scripts/test-all.mjs --list          the step names
//
// With TEST_DATABASE_URL set (postgres://user@host:port/db), the server suites run a second time, each
// test file on a fresh database created on that PostgreSQL server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The environment without TEST_DATABASE_URL: the first vitest run is on in-memory PGlite. */
function envWithoutDatabaseUrl() {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
}

/**
 * @typedef {{ name: string, title: string, e2e?: boolean,
 *   skip?: () => string | undefined, run: () => Promise<void> }} Step
 * @type {Step[]}
 */
const STEPS = [
  {
    name: 'chromium',
    title: 'Chromium for the browser tests',
    e2e: true,
    run: ensureChromium,
  },
  {
    name: 'typecheck',
    title: 'Type check (tsc, every workspace)',
    run: () => exec(NPM, ['run', 'typecheck']),
  },
  { name: 'lint', title: 'Lint and format check (biome)', run: () => exec(NPM, ['run', 'lint']) },
  {
    name: 'unit',
    title: 'Unit, API and component tests (vitest; server suites on in-memory PGlite)',
    run: () => exec(NPX, ['vitest', 'run'], { env: envWithoutDatabaseUrl() }),
  },
  {
    name: 'postgres',
    title: 'Server suites on PostgreSQL (vitest --project server, TEST_DATABASE_URL)',
    skip: () => (process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set'),
    run: () => exec(NPX, ['vitest', 'run', '--project', 'server']),
  },
  {
    name: 'build',
    title: 'Build the web app (vite) and the server bundle (esbuild), as npm start runs them',
    run: () => exec(NPM, ['run', 'build']),
  },
  {
    name: 'e2e',
    title: 'Browser tests (Playwright in Chromium against the built app and server bundle)',
    e2e: true,
    run: () => exec(NPX, ['playwright', 'test', '-c', 'e2e/playwright.config.ts']),
  },
];

class StepFailed extends Error {}

function exec(command, args, { env = process.env } = {}) {
  console.info(`$ ${command} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', (error) => reject(new StepFailed(`could not start ${command}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new StepFailed(signal ? `${command} was killed by ${signal}` : `${command} exited with ${code}`),
        );
    });
  });
}

async function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    console.info(`${CHROMIUM} is installed.`);
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    console.info(`${CHROMIUM} is missing: installing Debian's chromium and fonts-dejavu-core.`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await exec('apt-get', ['update'], { env });
    await exec('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
      env,
    });
    if (!existsSync(CHROMIUM)) throw new StepFailed(`apt-get finished but ${CHROMIUM} is still missing`);
    return;
  }
  throw new StepFailed(
    [
      `${CHROMIUM} is missing. The browser tests use Debian's Chromium (never \`npx playwright install\`).`,
      isDebian
        ? 'Install it as root:  sudo apt-get update && sudo apt-get install -y chromium fonts-dejavu-core'
        : 'Install a Chromium at /usr/bin/chromium (on Debian: apt-get install -y chromium fonts-dejavu-core).',
      'Or run the other steps only:  npm test -- --skip-e2e',
    ].join('\n'),
  );
}

function parseArgs(argv) {
  const options = { skipE2e: false, only: /** @type {string[] | null} */ (null), list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--skip-e2e') options.skipE2e = true;
    else if (arg === '--list') options.list = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      if (!value) usage('--only needs a step name');
      options.only = [
        ...(options.only ?? []),
        ...value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ];
    } else if (arg === '--help' || arg === '-h') usage();
    else usage(`unknown argument: ${arg}`);
  }
  const unknown = (options.only ?? []).filter((name) => !STEPS.some((step) => step.name === name));
  if (unknown.length > 0) usage(`unknown step: ${unknown.join(', ')}`);
  return options;
}

function usage(problem) {
  const out = problem ? console.error : console.info;
  if (problem) out(`test-all: ${problem}\n`);
  out('usage: node scripts/test-all.mjs [--skip-e2e] [--only <step>[,<step>...]] [--list]');
  out(`steps: ${STEPS.map((step) => step.name).join(', ')}`);
  process.exit(problem ? 2 : 0);
}

function banner(text, char = '=') {
  const line = char.repeat(Math.max(20, Math.min(100, text.length + 8)));
  console.info(`\n${line}\n${char}${char}  ${text}\n${line}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The tests run on the Node.js the project pins (the `node` package, a devDependency: npm puts it first on the
 * PATH of every script; docs/decisions/0034). Run directly with an older system Node, they would test a runtime
 * the app does not run on: refuse.
 */
const NODE_MAJOR_REQUIRED = 24;

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < NODE_MAJOR_REQUIRED) {
    console.error(
      `The tests need Node.js ${NODE_MAJOR_REQUIRED} (this is ${process.version}). Run them with \`npm test\` after \`npm install\`: npm then uses the Node.js the project installs.`,
    );
    return 1;
  }
  console.info(`Node.js ${process.version}`);
  const options = parseArgs(process.argv.slice(2));
  if (options.list) {
    for (const step of STEPS) console.info(`${step.name.padEnd(10)} ${step.title}`);
    return 0;
  }

  /** @type {{ name: string, status: string, ms: number }[]} */
  const results = [];
  const started = Date.now();
  let failed = /** @type {Step | null} */ (null);
  let failure = '';

  for (const [index, step] of STEPS.entries()) {
    const label = `[${index + 1}/${STEPS.length}] ${step.name}`;
    if (options.only && !options.only.includes(step.name)) continue;
    if (failed) {
      results.push({ name: step.name, status: 'not run', ms: 0 });
      continue;
    }
    const skipReason = options.skipE2e && step.e2e ? '--skip-e2e' : step.skip?.();
    if (skipReason) {
      console.info(`\n-- ${label}: skipped (${skipReason})`);
      results.push({ name: step.name, status: `skipped (${skipReason})`, ms: 0 });
      continue;
    }
    banner(`${label}: ${step.title}`);
    const t0 = Date.now();
    try {
      await step.run();
      const ms = Date.now() - t0;
      results.push({ name: step.name, status: 'passed', ms });
      console.info(`-- ${label}: passed in ${seconds(ms)}`);
    } catch (error) {
      const ms = Date.now() - t0;
      failed = step;
      failure = error instanceof Error ? error.message : String(error);
      results.push({ name: step.name, status: 'FAILED', ms });
    }
  }

  banner(
    failed ? `FAILED at step "${failed.name}": ${failure.split('\n')[0]}` : 'All steps passed',
    failed ? '!' : '=',
  );
  if (failed && failure.includes('\n')) console.error(failure);
  for (const result of results) {
    console.info(
      `  ${result.name.padEnd(10)} ${result.status.padEnd(34)} ${result.ms ? seconds(result.ms) : ''}`,
    );
  }
  console.info(`  ${'total'.padEnd(10)} ${''.padEnd(34)} ${seconds(Date.now() - started)}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('test-all: unexpected error:', error);
    process.exit(1);
  },
);
