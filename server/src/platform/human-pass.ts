import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The HPASS cookie (spec §5, §7): proof that this browser passed a captcha a moment ago. Its value names the
 * solved challenge and when the pass ends; it is signed with the cookie secret, HttpOnly, SameSite=Strict,
 * sent only to /api/patientinfo and short-lived. A pass is spent by the registration it lets through: the
 * solved challenge row is deleted in that registration's transaction, so one pass admits one registration
 * (docs/decisions/0020-captcha.md).
 */
export const HPASS_COOKIE = 'HPASS';
export const HPASS_PATH = '/api/patientinfo';
export const HUMAN_PASS_MS = 10 * 60_000;

const PASS_VALUE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,15})$/;

export function issueHumanPass(reply: FastifyReply, challengeId: string, now: number = Date.now()): void {
  reply.setCookie(HPASS_COOKIE, `${challengeId}.${now + HUMAN_PASS_MS}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
    path: HPASS_PATH,
    maxAge: HUMAN_PASS_MS / 1000,
  });
}

export function clearHumanPass(reply: FastifyReply): void {
  reply.clearCookie(HPASS_COOKIE, { path: HPASS_PATH });
}

/** The challenge id of a validly signed, unexpired pass; null for none, a forged one or an old one. */
export function readHumanPass(request: FastifyRequest, now: number = Date.now()): string | null {
  const raw = request.cookies?.[HPASS_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const match = PASS_VALUE.exec(unsigned.value);
  if (!match || Number(match[2]) <= now) return null;
  return match[1] ?? null;
}

/** Spends a pass inside the caller's transaction; false when it was already spent (or never solved). */
export async function spendHumanPass(trx: Transaction<DB>, challengeId: string): Promise<boolean> {
  const row = await trx
    .deleteFrom('captcha_challenges')
    .where('id', '=', challengeId)
    .where('used_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
