import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 28, item 13: the per-address limits on registration, reset requests, code checks and the captcha are
 * counted in the database (request_limit_hits; docs/decisions/0056), so a restart does not give the budget back
 * and two instances spend one budget. The clock is the test's own.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const MINUTE = 60_000;

let t: TestApp;
/** The instance under test: the first, then the one started after it on the same database. */
let app: FastifyInstance;
let clock = new Date('2026-11-24T09:00:00Z');
const now = () => clock;

beforeAll(async () => {
  t = await createTestApp({ now });
  app = t.app;
});
afterAll(async () => {
  await app?.close();
  await t?.database.close();
});

/** A code check with a body the route refuses: cheap, and counted like any other (20 per 15 minutes). */
const checkCode = (on: Pick<FastifyInstance, 'inject'>, remoteAddress: string) =>
  on.inject({ method: 'POST', url: '/api/patientinfo/verify-code', payload: {}, remoteAddress });

const hitRows = () => t.database.db.selectFrom('request_limit_hits').selectAll().execute();

describe('kept in the database', () => {
  it('every limited route counts its calls there, each under its own purpose', async () => {
    const remoteAddress = '192.0.2.1';
    const calls: InjectOptions[] = [
      { method: 'POST', url: '/api/patientinfo/register/credentials', payload: {} },
      { method: 'POST', url: '/api/patientinfo/request-reset', payload: {} },
      { method: 'POST', url: '/api/patientinfo/verify-code', payload: {} },
      { method: 'POST', url: '/api/patientinfo/captcha/new', payload: {} },
      { method: 'POST', url: '/api/patientinfo/captcha/verify', payload: {} },
      { method: 'GET', url: '/api/patientinfo/captcha/render/none.png' },
      { method: 'GET', url: '/api/patientinfo/captcha/images/none.png' },
    ];
    for (const call of calls) await app.inject({ ...call, remoteAddress });
    const rows = (await hitRows()).filter((row) => row.key === remoteAddress);
    expect(rows.map((row) => row.purpose).sort()).toEqual([
      'GET /api/patientinfo/captcha/images/:file',
      'GET /api/patientinfo/captcha/render/:file',
      'POST /api/patientinfo/captcha/new',
      'POST /api/patientinfo/captcha/verify',
      'POST /api/patientinfo/register/credentials',
      'POST /api/patientinfo/request-reset',
      'POST /api/patientinfo/verify-code',
    ]);
    expect(rows.every((row) => row.hits === 1)).toBe(true);
  });

  it('a restart does not give the budget back', async () => {
    const remoteAddress = '192.0.2.2';
    for (let i = 0; i < 15; i++) expect((await checkCode(app, remoteAddress)).statusCode).toBe(400);
    // The instance stops (a deploy, a crash) and another starts on the same database.
    await app.close();
    app = await buildApp({ config: t.config, db: t.database.db, listen: t.database.listen, now });
    await app.ready();
    for (let i = 0; i < 5; i++) expect((await checkCode(app, remoteAddress)).statusCode).toBe(400);
    const limited = await checkCode(app, remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
    expect(limited.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
  });

  it('the window starts at the first call; once it ends the budget is whole again and its row goes', async () => {
    const remoteAddress = '192.0.2.3';
    for (let i = 0; i < 20; i++) await checkCode(app, remoteAddress);
    clock = new Date(clock.getTime() + 10 * MINUTE);
    const held = await checkCode(app, remoteAddress);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(5 * 60);
    clock = new Date(clock.getTime() + 5 * MINUTE);
    expect((await checkCode(app, remoteAddress)).statusCode).toBe(400);
    // Ended windows are removed by later calls of anyone: here another address's.
    clock = new Date(clock.getTime() + 16 * MINUTE);
    await checkCode(app, '192.0.2.4');
    expect((await hitRows()).map((row) => row.key)).toEqual(['192.0.2.4']);
  });
});

describe.runIf(onServer)('shared by every instance (PostgreSQL)', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t, { now });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('calls on two instances spend one budget', async () => {
    const remoteAddress = '198.51.100.20';
    for (let i = 0; i < 10; i++) {
      expect((await checkCode(app, remoteAddress)).statusCode).toBe(400);
      expect((await checkCode(second.app, remoteAddress)).statusCode).toBe(400);
    }
    expect((await checkCode(app, remoteAddress)).statusCode).toBe(429);
    expect((await checkCode(second.app, remoteAddress)).statusCode).toBe(429);
  });

  it('also when they arrive at once: exactly the budget gets through', async () => {
    const remoteAddress = '198.51.100.21';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => checkCode(i % 2 === 0 ? app : second.app, remoteAddress)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(20);
    expect(codes.filter((code) => code === 429)).toHaveLength(20);
  });
});
