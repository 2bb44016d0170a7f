import type { TestApp } from './test-app';

let addressCounter = 0;
/** A fresh client address, so that tests do not share the per-address rate limits (except where they test them). */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${200 + (addressCounter >> 16)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Headers of a person who took 8 s over the form. */
export function humanHeaders(): Record<string, string> {
  return { 'x-page-elapsed': '8000', 'x-form-start': String(Date.now() - 8000) };
}

interface Challenge {
  challengeId: string;
  hmac: string;
  type: 'rotate' | 'slider' | 'click';
  payload: { width: number; height: number; hint: string; imageUrl: string };
}

export async function newChallenge(
  t: TestApp,
  type?: Challenge['type'],
  remoteAddress = nextAddress(),
): Promise<Challenge> {
  const res = await t.call({
    method: 'POST',
    url: '/api/patientinfo/captcha/new',
    payload: { appKey: 'clinic-web', ...(type ? { type } : {}) },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`captcha/new: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The answer the server keeps for a challenge (tests read it from the database, as no client can). */
export async function storedAnswer(t: TestApp, challengeId: string) {
  const row = await t.database.db
    .selectFrom('captcha_challenges')
    .select('answer')
    .where('id', '=', challengeId)
    .executeTakeFirstOrThrow();
  return row.answer as { angle?: number; x?: number; y?: number };
}

/** Solves a fresh slider challenge and returns the Cookie header value carrying the HPASS pass. */
export async function passCaptcha(t: TestApp, remoteAddress = nextAddress()): Promise<string> {
  const challenge = await newChallenge(t, 'slider', remoteAddress);
  const answer = await storedAnswer(t, challenge.challengeId);
  const res = await t.call({
    method: 'POST',
    url: '/api/patientinfo/captcha/verify',
    payload: { challengeId: challenge.challengeId, hmac: challenge.hmac, x: answer.x },
    remoteAddress,
  });
  const cookie = res.cookies.find((c) => c.name === 'HPASS');
  if (res.statusCode !== 200 || !cookie) throw new Error(`captcha/verify: ${res.statusCode} ${res.body}`);
  return `HPASS=${cookie.value}`;
}
