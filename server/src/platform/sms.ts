import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TwilioConfig } from '../config';
import type { Database } from '../db/database';

/**
 * Text messages (issue 16, decision 0043) through Twilio's Messages API, called with fetch (its REST API is
 * one form POST; the official package would add a large dependency to do the same). Without Twilio settings
 * every text is kept in the outbox that holds e-mail (mail_outbox, channel 'sms'), so a clinic sees what
 * would have gone out. Each send leaves its row there; logs name the row, never the number or the text.
 */
export interface SmsMessage {
  /** A phone number as the patient gave it; sent in E.164 (US numbers: +1 and ten digits). */
  to: string;
  body: string;
  /** A text that must go out once: a second send under the same key sends nothing. */
  idempotencyKey?: string;
}

export type SmsOutcome = 'sent' | 'queued' | 'failed';

const LAST_ERROR_MAX = 500;

/** The last ten digits of a phone number (US numbers), or null when it has fewer. */
export function phoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** A US number in E.164, or null. */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim();
  if (/^\+[1-9]\d{6,14}$/.test(trimmed.replace(/[\s().-]/g, ''))) return trimmed.replace(/[\s().-]/g, '');
  const digits = phoneDigits(trimmed);
  return digits ? `+1${digits}` : null;
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 of the HMAC-SHA1, keyed by the auth token, of the
 * full URL it called followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export class SmsSender {
  readonly #db: Database;
  readonly #twilio: TwilioConfig | undefined;
  readonly #log: FastifyBaseLogger;

  constructor(options: { db: Database; twilio: TwilioConfig | undefined; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#twilio = options.twilio;
    this.#log = options.log;
  }

  async send(message: SmsMessage): Promise<SmsOutcome> {
    if (message.idempotencyKey && (await this.#alreadySent(message.idempotencyKey))) return 'sent';
    const to = toE164(message.to);
    if (!this.#twilio || !to) {
      const id = await this.#record(message, { sent: false, lastError: to ? null : 'not a phone number' });
      this.#log.info({ outboxId: id }, 'text kept in the outbox (no Twilio settings)');
      return 'queued';
    }
    const { accountSid, authToken, from, apiUrl } = this.#twilio;
    try {
      const response = await fetch(
        `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            // Twilio sends one message for repeated requests with the same token.
            ...(message.idempotencyKey ? { 'i-twilio-idempotency-token': message.idempotencyKey } : {}),
          },
          body: new URLSearchParams({ To: to, From: from, Body: message.body }),
          signal: AbortSignal.timeout(15_000),
        },
      );
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        const reason = `Twilio answered ${response.status}: ${(JSON.parse(detail || '{}') as { message?: string }).message ?? ''}`;
        const id = await this.#record(message, { sent: false, lastError: reason.slice(0, LAST_ERROR_MAX) });
        this.#log.warn({ outboxId: id, status: response.status }, 'text delivery failed; kept in the outbox');
        return 'failed';
      }
      const id = await this.#record(message, { sent: true, lastError: null });
      this.#log.info({ outboxId: id }, 'text sent');
      return 'sent';
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX);
      const id = await this.#record(message, { sent: false, lastError: reason });
      this.#log.warn({ outboxId: id }, 'text delivery failed; kept in the outbox');
      return 'failed';
    }
  }

  async #alreadySent(key: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('mail_outbox')
      .select('sent_at')
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return Boolean(row?.sent_at);
  }

  async #record(message: SmsMessage, state: { sent: boolean; lastError: string | null }): Promise<number> {
    const row = await this.#db
      .insertInto('mail_outbox')
      .values({
        channel: 'sms',
        to_address: message.to,
        subject: '',
        body_text: message.body,
        sent_at: state.sent ? new Date() : null,
        attempts: 1,
        last_error: state.lastError,
        idempotency_key: message.idempotencyKey ?? null,
      })
      .onConflict((oc) =>
        oc.column('idempotency_key').doUpdateSet((eb) => ({
          sent_at: eb.ref('excluded.sent_at'),
          attempts: eb('mail_outbox.attempts', '+', 1),
          last_error: eb.ref('excluded.last_error'),
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
