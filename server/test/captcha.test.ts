import { createHmac } from 'node:crypto';
import { CAPTCHA_DEFAULT_HINT, CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { humanHeaders, newChallenge, nextAddress, storedAnswer } from './captcha-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const verify = (payload: Record<string, unknown>, debug = true, remoteAddress = nextAddress()) =>
  t.call({
    method: 'POST',
    url: `/api/patientinfo/captcha/verify${debug ? '?debug=1' : ''}`,
    payload,
    remoteAddress,
  });

describe('POST /api/patientinfo/captcha/new', () => {
  it.each(['rotate', 'slider', 'click'] as const)('gives a signed %s challenge of 320x180', async (type) => {
    const challenge = await newChallenge(t, type);
    expect(challenge).toMatchObject({
      challengeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      hmac: expect.any(String),
      type,
      payload: {
        width: CAPTCHA_WIDTH,
        height: CAPTCHA_HEIGHT,
        hint: expect.any(String),
        imageUrl: `/api/patientinfo/captcha/render/${challenge.challengeId}.png`,
      },
    });
    expect(challenge).not.toHaveProperty('testSolution');
    if (type === 'rotate') expect(challenge.payload.hint).toBe(CAPTCHA_DEFAULT_HINT);
    if (type === 'click') expect(challenge.payload.hint).toMatch(/^Click the (circle|square|triangle|star)$/);
    if (type === 'slider')
      expect(challenge.payload).toMatchObject({ piece: { y: expect.any(Number), size: 44 } });
  });

  it('picks a kind itself when none is asked for; an unknown kind is a 400', async () => {
    const kinds = new Set<string>();
    for (let i = 0; i < 12; i += 1) kinds.add((await newChallenge(t)).type);
    for (const kind of kinds) expect(['rotate', 'slider', 'click']).toContain(kind);
    const bad = await t.call({
      method: 'POST',
      url: '/api/patientinfo/captcha/new',
      payload: { appKey: 'x', type: 'audio' },
      remoteAddress: nextAddress(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('accepts a call without a body (appKey and type are optional)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/patientinfo/captcha/new',
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(['rotate', 'slider', 'click']).toContain(res.json().type);
  });

  it('keeps the answer on the server only', async () => {
    const challenge = await newChallenge(t, 'click');
    const answer = await storedAnswer(t, challenge.challengeId);
    const text = JSON.stringify(challenge);
    expect(text).not.toContain(`"x":${answer.x}`);
    expect(text).not.toContain(`"y":${answer.y}`);
  });

  it('answers 429 after 30 challenges from one address in 10 minutes', async () => {
    const remoteAddress = '10.3.3.3';
    for (let i = 0; i < 30; i += 1) await newChallenge(t, 'slider', remoteAddress);
    const res = await t.call({
      method: 'POST',
      url: '/api/patientinfo/captcha/new',
      payload: { appKey: 'x' },
      remoteAddress,
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('the challenge picture', () => {
  it.each(['rotate', 'slider', 'click'] as const)(
    'is a real %s PNG, drawn on the server, at both paths',
    async (type) => {
      const challenge = await newChallenge(t, type);
      const res = await t.call({
        method: 'GET',
        url: challenge.payload.imageUrl,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('no-store');
      const png = res.rawPayload;
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
      const stats = await sharp(png).stats();
      // Not blank: the channels vary.
      expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(10);

      const fallback = await t.call({
        method: 'GET',
        url: `/api/patientinfo/captcha/images/${challenge.challengeId}.png`,
        remoteAddress: nextAddress(),
      });
      expect(fallback.statusCode).toBe(200);
      expect(fallback.rawPayload.equals(png)).toBe(true);
    },
  );

  it('is 404 for an unknown or used challenge and 400 for a malformed name', async () => {
    const unknown = await t.call({
      method: 'GET',
      url: '/api/patientinfo/captcha/render/00000000-0000-4000-8000-000000000000.png',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.call({
      method: 'GET',
      url: '/api/patientinfo/captcha/render/..%2Fetc%2Fpasswd',
    });
    expect(malformed.statusCode).toBe(400);

    const challenge = await newChallenge(t, 'slider');
    const answer = await storedAnswer(t, challenge.challengeId);
    await verify({ challengeId: challenge.challengeId, hmac: challenge.hmac, x: answer.x });
    const used = await t.call({ method: 'GET', url: challenge.payload.imageUrl });
    expect(used.statusCode).toBe(404);
  });
});

describe('POST /api/patientinfo/captcha/verify', () => {
  it('a right answer passes and sets HPASS: signed, HttpOnly, SameSite=Strict, /api/patientinfo, 10 minutes', async () => {
    const challenge = await newChallenge(t, 'rotate');
    const answer = await storedAnswer(t, challenge.challengeId);
    const res = await verify({
      challengeId: challenge.challengeId,
      hmac: challenge.hmac,
      angle: answer.angle,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cookie = res.cookies.find((c) => c.name === 'HPASS');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/patientinfo',
      maxAge: 600,
    });
    const unsigned = t.app.unsignCookie(cookie?.value ?? '');
    expect(unsigned.valid).toBe(true);
    expect(unsigned.value).toMatch(new RegExp(`^${challenge.challengeId}\\.\\d+$`));
  });

  it('cannot be replayed', async () => {
    const challenge = await newChallenge(t, 'slider');
    const answer = await storedAnswer(t, challenge.challengeId);
    const body = { challengeId: challenge.challengeId, hmac: challenge.hmac, x: answer.x };
    expect((await verify(body)).statusCode).toBe(200);
    const replay = await verify(body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: 'captcha_failed',
      message: MSG.captchaFailed,
      reason: 'already_used',
    });
    expect(replay.cookies.find((c) => c.name === 'HPASS')).toBeUndefined();
  });

  it('says why only with debug=1', async () => {
    const challenge = await newChallenge(t, 'slider');
    const res = await verify({ challengeId: challenge.challengeId, hmac: 'forged' }, false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'captcha_failed', message: MSG.captchaFailed });
  });

  it('a forged signature fails and leaves the challenge open for its real owner', async () => {
    const challenge = await newChallenge(t, 'click');
    const answer = await storedAnswer(t, challenge.challengeId);
    const forged = await verify({
      challengeId: challenge.challengeId,
      hmac: `${challenge.hmac}x`,
      x: answer.x,
      y: answer.y,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().reason).toBe('bad_signature');
    const other = await newChallenge(t, 'click');
    const swapped = await verify({
      challengeId: challenge.challengeId,
      hmac: other.hmac,
      x: answer.x,
      y: answer.y,
    });
    expect(swapped.json().reason).toBe('bad_signature');
    const real = await verify({
      challengeId: challenge.challengeId,
      hmac: challenge.hmac,
      x: answer.x,
      y: answer.y,
    });
    expect(real.statusCode).toBe(200);
  });

  it('an expired challenge fails; its signature covers the expiry, so moving it needs the key', async () => {
    const challenge = await newChallenge(t, 'slider');
    const answer = await storedAnswer(t, challenge.challengeId);
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .updateTable('captcha_challenges')
      .set({ created_at: new Date(past.getTime() - 120_000), expires_at: past })
      .where('id', '=', challenge.challengeId)
      .execute();
    const body = { challengeId: challenge.challengeId, hmac: challenge.hmac, x: answer.x };
    expect((await verify(body)).json().reason).toBe('bad_signature');

    // Re-signed with the server's key (which the test knows), the challenge is genuine but too old.
    const key = createHmac('sha256', t.config.jwtSecret).update('captcha-challenge-v1').digest();
    const hmac = createHmac('sha256', key)
      .update(`${challenge.challengeId}|slider|${past.getTime()}`)
      .digest('base64url');
    const expired = await verify({ ...body, hmac });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().reason).toBe('expired');
  });

  const outside: Array<
    [string, 'rotate' | 'slider' | 'click', (a: { angle?: number; x?: number; y?: number }) => object]
  > = [
    ['rotate 16° off', 'rotate', (a) => ({ angle: ((a.angle ?? 0) + 16) % 360 })],
    ['slider 9 px off', 'slider', (a) => ({ x: (a.x ?? 0) - 9 })],
    ['click 21 px off', 'click', (a) => ({ x: a.x, y: (a.y ?? 0) + 21 })],
  ];
  it.each(outside)('%s fails, and the challenge is gone', async (_name, type, solution) => {
    const challenge = await newChallenge(t, type);
    const answer = await storedAnswer(t, challenge.challengeId);
    const res = await verify({
      challengeId: challenge.challengeId,
      hmac: challenge.hmac,
      ...solution(answer),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('wrong_answer');
    const exact = type === 'rotate' ? { angle: answer.angle } : { x: answer.x, y: answer.y };
    const retry = await verify({ challengeId: challenge.challengeId, hmac: challenge.hmac, ...exact });
    expect(retry.json().reason).toBe('not_found');
  });

  const inside: Array<
    [string, 'rotate' | 'slider' | 'click', (a: { angle?: number; x?: number; y?: number }) => object]
  > = [
    ['rotate 15° off', 'rotate', (a) => ({ angle: ((a.angle ?? 0) + 345) % 360 })],
    ['slider 8 px off', 'slider', (a) => ({ x: (a.x ?? 0) + 8 })],
    ['click 20 px off', 'click', (a) => ({ x: (a.x ?? 0) - 12, y: (a.y ?? 0) + 16 })],
  ];
  it.each(inside)('%s passes (the tolerance)', async (_name, type, solution) => {
    const challenge = await newChallenge(t, type);
    const answer = await storedAnswer(t, challenge.challengeId);
    const res = await verify({
      challengeId: challenge.challengeId,
      hmac: challenge.hmac,
      ...solution(answer),
    });
    expect(res.statusCode).toBe(200);
  });

  it('a solution without the field its kind needs is a 400 that does not use the challenge up', async () => {
    const challenge = await newChallenge(t, 'rotate');
    const answer = await storedAnswer(t, challenge.challengeId);
    const res = await verify({ challengeId: challenge.challengeId, hmac: challenge.hmac, x: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('angle is required for a rotate challenge');
    const ok = await verify({
      challengeId: challenge.challengeId,
      hmac: challenge.hmac,
      angle: answer.angle,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('an unknown challenge or a malformed id fails cleanly', async () => {
    const unknown = await verify({ challengeId: '00000000-0000-4000-8000-000000000000', hmac: 'x', x: 1 });
    expect(unknown.json().reason).toBe('not_found');
    const malformed = await verify({ challengeId: 'not-a-uuid', hmac: 'x', x: 1 });
    expect(malformed.statusCode).toBe(400);
    const outOfRange = await verify({
      challengeId: '00000000-0000-4000-8000-000000000000',
      hmac: 'x',
      angle: 400,
    });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('answers 429 after 30 attempts from one address in 10 minutes', async () => {
    const remoteAddress = '10.4.4.4';
    const body = { challengeId: '00000000-0000-4000-8000-000000000000', hmac: 'x', x: 1 };
    for (let i = 0; i < 30; i += 1) expect((await verify(body, true, remoteAddress)).statusCode).toBe(400);
    expect((await verify(body, true, remoteAddress)).statusCode).toBe(429);
  });
});

describe('a pass lets a registration through', () => {
  it('HPASS from verify admits the registration that was refused without it', async () => {
    const seeded = await createTestApp();
    try {
      const body = {
        username: 'captcha.person',
        password: 'long-enough-pw',
        email: 'captcha.person@example.com',
        firstName: 'Cap',
        lastName: 'Tcha',
        dateOfBirth: '1970-01-01',
        phoneNumber: '555-123-4567',
        sex: 'Other',
      };
      const url = '/api/patientinfo/register/credentials';
      const refused = await seeded.call({ method: 'POST', url, payload: body, headers: humanHeaders() });
      expect(refused.json().action).toBe('captcha_required');
      const challenge = await newChallenge(seeded, 'click');
      const answer = await storedAnswer(seeded, challenge.challengeId);
      const passed = await seeded.call({
        method: 'POST',
        url: '/api/patientinfo/captcha/verify',
        payload: { challengeId: challenge.challengeId, hmac: challenge.hmac, x: answer.x, y: answer.y },
      });
      const cookie = passed.cookies.find((c) => c.name === 'HPASS');
      const admitted = await seeded.call({
        method: 'POST',
        url,
        payload: body,
        headers: { ...humanHeaders(), cookie: `HPASS=${cookie?.value}` },
      });
      expect(admitted.statusCode).toBe(201);
      expect(admitted.json().message).toBe(MSG.registrationSuccessful);
    } finally {
      await seeded.close();
    }
  });
});

describe('test solutions (browser tests only)', () => {
  it('are given with captchaTestSolutions outside production, and never in production', async () => {
    const testing = await createTestApp({ seed: false, config: { captchaTestSolutions: true } });
    const production = await createTestApp({
      seed: false,
      config: { captchaTestSolutions: true, nodeEnv: 'production' },
    });
    try {
      const withSolution = await newChallenge(testing, 'click');
      const answer = await storedAnswer(testing, withSolution.challengeId);
      expect((withSolution as unknown as { testSolution: unknown }).testSolution).toEqual({
        x: answer.x,
        y: answer.y,
      });
      const none = await newChallenge(production, 'click');
      expect(none).not.toHaveProperty('testSolution');
    } finally {
      await testing.close();
      await production.close();
    }
  });

  it('CAPTCHA_TEST_SOLUTIONS=1 refuses to start in production and is off unless set', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), SEED: 'none' };
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', CAPTCHA_TEST_SOLUTIONS: '1' })).toThrow(
      ConfigError,
    );
    expect(
      loadConfig({ ...base, NODE_ENV: 'development', CAPTCHA_TEST_SOLUTIONS: '1' }).captchaTestSolutions,
    ).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).captchaTestSolutions).toBe(false);
  });
});
