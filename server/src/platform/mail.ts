import { PRACTICE_EMAIL, PRACTICE_NAME } from '@clinic/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * A message that must go out once (a visit's confirmation): a second send under the same key finds the
   * first one delivered and sends nothing.
   */
  idempotencyKey?: string;
}

/** sent: handed to the SMTP server; queued: kept in the outbox (no SMTP_URL); failed: kept with its error. */
export type MailOutcome = 'sent' | 'queued' | 'failed';

export interface MailerOptions {
  db: Database;
  /** smtp:// or smtps:// URL (config.smtpUrl); without one every message waits in the outbox. */
  smtpUrl: string | undefined;
  log: FastifyBaseLogger;
  from?: string;
}

const LAST_ERROR_MAX = 500;

/**
 * Outgoing e-mail (docs/architecture.md, Mail). Every message leaves a row in mail_outbox, which admins can
 * read: delivered ones with sent_at, undelivered ones with attempts and last_error. Without SMTP_URL messages
 * are only queued there. A delivery failure never fails the caller's request. Logs name the outbox row, never
 * the recipient, subject or text (reset codes travel in the text).
 */
export class Mailer {
  readonly #db: Database;
  readonly #transport: Transporter | null;
  readonly #log: FastifyBaseLogger;
  readonly #from: string;
  readonly #pending = new Set<Promise<unknown>>();

  constructor(options: MailerOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#from = options.from ?? `"${PRACTICE_NAME}" <${PRACTICE_EMAIL}>`;
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : null;
  }

  get deliversBySmtp(): boolean {
    return this.#transport !== null;
  }

  /** Sends (or queues) one message and records it; resolves with what happened, never rejects. */
  async send(message: MailMessage): Promise<MailOutcome> {
    if (message.idempotencyKey && (await this.#alreadySent(message.idempotencyKey))) return 'sent';
    if (!this.#transport) {
      const id = await this.#record(message, { sent: false, attempts: 0, lastError: null });
      this.#log.info({ outboxId: id }, 'mail queued in the outbox (no SMTP_URL configured)');
      return 'queued';
    }
    try {
      const { idempotencyKey: _key, ...mail } = message;
      await this.#transport.sendMail({ from: this.#from, ...mail });
      const id = await this.#record(message, { sent: true, attempts: 1, lastError: null });
      this.#log.info({ outboxId: id }, 'mail sent');
      return 'sent';
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX);
      const id = await this.#record(message, { sent: false, attempts: 1, lastError });
      const code = (error as { code?: unknown }).code;
      this.#log.warn({ outboxId: id, code }, 'mail delivery failed; the message is kept in the outbox');
      return 'failed';
    }
  }

  /**
   * Sends without keeping the caller waiting (an SMTP round trip must not make a reset request for a real
   * account slower than one for an unknown name). idle() waits for every such send.
   */
  sendInBackground(message: MailMessage): void {
    const task = this.send(message).catch((error: unknown) => {
      this.#log.error({ err: error }, 'mail could not be recorded');
    });
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }

  /** Resolves once every background send has finished (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** The newest messages first, for admins (GET /api/mail/outbox). */
  outbox(options: { limit: number; unsentOnly: boolean }) {
    let query = this.#db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit);
    if (options.unsentOnly) query = query.where('sent_at', 'is', null);
    return query.execute();
  }

  close(): void {
    this.#transport?.close();
  }

  async #alreadySent(key: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('mail_outbox')
      .select('sent_at')
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return Boolean(row?.sent_at);
  }

  /** One row per message; a keyed message that is tried again updates its row. */
  async #record(
    message: MailMessage,
    state: { sent: boolean; attempts: number; lastError: string | null },
  ): Promise<number> {
    const row = await this.#db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        body_text: message.text,
        sent_at: state.sent ? new Date() : null,
        attempts: state.attempts,
        last_error: state.lastError,
        idempotency_key: message.idempotencyKey ?? null,
      })
      .onConflict((oc) =>
        oc.column('idempotency_key').doUpdateSet((eb) => ({
          sent_at: eb.ref('excluded.sent_at'),
          attempts: sql<number>`mail_outbox.attempts + excluded.attempts`,
          last_error: eb.ref('excluded.last_error'),
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
