import { msg } from '@clinic/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

/**
 * Issue 12, item 6: sign-in throttling slows guessing without locking anyone out of their own working account,
 * grows progressively, and is shared by every app instance (counters in the database; decision 0033). The
 * clock is the test's own: time moves when the test says so, never by waiting.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const SECOND = 1000;

let t: TestApp;
let clock = new Date('2026-11-24T09:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const signIn = (username: string, password: string, remoteAddress: string, url = '/api/auth/login') =>
  t.call({ method: 'POST', url, payload: { username, password }, remoteAddress });
const patientSignIn = (username: string, password: string, remoteAddress: string) =>
  signIn(username, password, remoteAddress, '/api/patientinfo/login');

describe('progressive, per account and address', () => {
  it('five failures make the pair wait 30 s, then twice as long per further failure; waiting ends it', async () => {
    const from = '198.51.100.10';
    for (let i = 0; i < 5; i++) expect((await signIn('manager', 'wrong-pass', from)).statusCode).toBe(401);
    const held = await signIn('manager', DEMO_PASSWORD, from);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('30');
    expect(held.json().error).toBe('too_many_requests');
    // Said in words a person can act on: how long, and the way out (issue 14).
    expect(held.json().message).toBe(msg.signInThrottled(30));
    expect(held.json().message).toBe(
      'Too many sign-in attempts. Please wait 30 seconds and try again, or reset your password with "Forgot password?".',
    );

    advance(31 * SECOND);
    expect((await signIn('manager', 'wrong-again', from)).statusCode).toBe(401);
    expect((await signIn('manager', DEMO_PASSWORD, from)).headers['retry-after']).toBe('60');
    advance(61 * SECOND);
    expect((await signIn('manager', DEMO_PASSWORD, from)).statusCode).toBe(200);
    // A success starts the pair again.
    for (let i = 0; i < 4; i++) expect((await signIn('manager', 'wrong-pass', from)).statusCode).toBe(401);
    expect((await signIn('manager', DEMO_PASSWORD, from)).statusCode).toBe(200);
  });

  it('a counter is forgotten an hour after its last failure', async () => {
    const from = '198.51.100.11';
    for (let i = 0; i < 5; i++) await signIn('doctor', 'wrong-pass', from);
    expect((await signIn('doctor', DEMO_PASSWORD, from)).statusCode).toBe(429);
    advance(61 * 60 * SECOND);
    expect((await signIn('doctor', 'wrong-pass', from)).statusCode).toBe(401);
    expect((await signIn('doctor', DEMO_PASSWORD, from)).statusCode).toBe(200);
  });

  it('the delay is capped at 15 minutes', async () => {
    const from = '198.51.100.12';
    for (let i = 0; i < 5; i++) await signIn('frontdesk', 'wrong-pass', from);
    for (let i = 0; i < 8; i++) {
      advance(16 * 60 * SECOND - 1);
      await signIn('frontdesk', 'wrong-pass', from);
      advance(1);
    }
    const held = await signIn('frontdesk', DEMO_PASSWORD, from);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    advance(15 * 60 * SECOND + 1);
    expect((await signIn('frontdesk', DEMO_PASSWORD, from)).statusCode).toBe(200);
  });
});

describe('nobody is locked out of their own working account', () => {
  it("a sprayer behind the clinic's shared address does not stop its staff, admin included", async () => {
    const clinic = '203.0.113.1';
    // The admin and the front desk work from the clinic's address every day.
    expect((await signIn('admin', DEMO_PASSWORD, clinic)).statusCode).toBe(200);
    expect((await signIn('frontdesk', DEMO_PASSWORD, clinic)).statusCode).toBe(200);
    // Someone on the same network tries 40 usernames.
    for (let i = 0; i < 40; i++) await signIn(`guess-${i}`, 'password1', clinic);
    expect((await signIn('guess-41', 'password1', clinic)).statusCode).toBe(429);
    expect((await signIn('admin', DEMO_PASSWORD, clinic)).statusCode).toBe(200);
    expect((await signIn('frontdesk', DEMO_PASSWORD, clinic)).statusCode).toBe(200);
  });

  it('guesses at a patient from many places slow the guessers, not the patient at home', async () => {
    const home = '192.0.2.50';
    expect((await patientSignIn('patient2', DEMO_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 1; i <= 12; i++) await patientSignIn('patient2', `guess-${i}`, `100.64.0.${i}`);
    // A new place is held back (the account is being guessed at from everywhere) ...
    expect((await patientSignIn('patient2', DEMO_PASSWORD, '100.64.1.1')).statusCode).toBe(429);
    // ... the patient's own is not.
    expect((await patientSignIn('patient2', DEMO_PASSWORD, home)).statusCode).toBe(200);
  });
});

describe.runIf(onServer)('shared by every instance (PostgreSQL)', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t, { now: () => clock });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('failures on two instances add up, also when they arrive at once', async () => {
    const from = '198.51.100.77';
    const attempt = (app: FastifyInstance, password = 'wrong-pass') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'manager', password },
        remoteAddress: from,
      });
    const answers = await Promise.all([
      attempt(t.app),
      attempt(second.app),
      attempt(t.app),
      attempt(second.app),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await attempt(second.app)).statusCode).toBe(401);
    expect((await attempt(t.app, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await attempt(second.app, DEMO_PASSWORD)).statusCode).toBe(429);
  });
});
