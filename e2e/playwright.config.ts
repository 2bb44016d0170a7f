import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the real app (server + built web app on one port), on a fresh
 * embedded database with the demo seed. Build the web app first (`npm run build -w web`); `npm test` does.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 18080);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// A fresh data folder per run. The config is also loaded by each worker process: they inherit the
// variable and reuse the folder instead of creating their own. The runner removes it when it exits
// (after the web server has been stopped).
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const DATA_DIR = process.env.E2E_DATA_DIR;

/** The built web app; E2E_WEB_DIST points elsewhere (a private build while others rebuild web/dist). */
const WEB_DIST = path.resolve(ROOT, process.env.E2E_WEB_DIST || path.join('web', 'dist'));
process.env.E2E_WEB_DIST = WEB_DIST;

/** Exactly 40 characters; only ever used by this throw-away server. */
const JWT_SECRET = 'e2e-only-jwt-secret-0123456789-abcdefghi';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // A budget per test, not a measurement: CI machines are loaded, and a test that waits on conditions only
  // fails on it when something is really stuck.
  timeout: 60_000,
  expect: { timeout: 7_500 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // The server as `npm start` runs it: the esbuild bundle (built here when its sources changed).
    command:
      'node scripts/build-if-changed.mjs server && node --enable-source-maps --max-old-space-size=384 server/dist/main.mjs',
    cwd: ROOT,
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      SEED: 'demo',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      PUBLIC_URL: BASE_URL,
      WEB_DIST,
      // Never the caller's server database or mail server: the embedded database and the outbox only.
      DATABASE_URL: '',
      SMTP_URL: '',
      // Never in production (the server refuses it there): new captchas carry their solution, so that
      // registration.spec.ts can pass one (docs/decisions/0020-captcha.md).
      CAPTCHA_TEST_SOLUTIONS: '1',
    },
  },
});
