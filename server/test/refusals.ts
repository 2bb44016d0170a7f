import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A refused call: its status, and its message (exactly, or matching a pattern). */
export function expectRefusal(
  res: LightMyRequestResponse,
  status: number,
  message: string | RegExp,
  label = '',
) {
  expect(res.statusCode, `${label} ${res.body}`).toBe(status);
  const text = String(res.json().message);
  if (typeof message === 'string') expect(text, label).toBe(message);
  else expect(text, label).toMatch(message);
}

/**
 * Another patient's record answers exactly like one that does not exist (docs/architecture.md, principle 2):
 * both 404, same body, so the answer does not tell that the record exists.
 */
export async function expectHiddenLikeMissing(
  get: (url: string) => Promise<LightMyRequestResponse>,
  theirsUrl: string,
  missingUrl: string,
) {
  const theirs = await get(theirsUrl);
  const missing = await get(missingUrl);
  expect(theirs.statusCode, theirsUrl).toBe(404);
  expect(theirs.json()).toEqual(missing.json());
}
