import { SESSION_TOUCH_INTERVAL_MS } from '@clinic/contract/constants';
import type { Listen } from '../../db/database';
import { type KeptListener, keepListening } from '../keep-listening';
import type { Actor } from './actor';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's remembered sessions (tests wait on sync() after changing sessions behind its back). */
    sessionCache: SessionCache;
  }
}

/** The channel migration 0012's triggers announce session and account changes on. */
export const SESSION_CHANNEL = 'clinic_sessions';

/** Sessions remembered at most; past it the oldest go first (a few MB for the busiest network). */
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  actor: Actor;
  /** When the session ends regardless of use (epoch ms). */
  expiresAt: number;
  /** When its use was last recorded (epoch ms). */
  lastSeenAt: number;
}

/**
 * The sessions this instance has checked, so that a request does not read its session row again (issue 13,
 * cheap requests). An entry is used only until its session's use is due to be recorded again (a minute,
 * docs/decisions/0019), so the database still sees each active session at least once a minute and the
 * inactivity limit holds.
 *
 * Revocation stays immediate: the database announces at commit whatever can end a session or change who it
 * speaks for (migration 0012) and every instance listens; an announcement drops the entries at once. Nothing
 * is remembered unless the instance is listening: while the connection is down (and until it is back) every
 * request reads the database, as without the cache. An entry read from the database is kept only if no
 * announcement arrived while it was being read, so a logout racing a read cannot be forgotten.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  #listen: Listen | undefined;
  readonly #now: () => number;
  /** Bumped by every announcement and every lost connection. */
  #epoch = 0;
  #listener: KeptListener | undefined;
  #barriers = new Map<string, () => void>();
  #barrierCount = 0;
  #notify: ((payload: string) => Promise<void>) | undefined;

  /**
   * `listen` is the database's LISTEN (without it nothing is ever remembered); `notify` sends a payload on
   * the same channel, for sync().
   */
  constructor(
    options: { listen?: Listen; notify?: (payload: string) => Promise<void>; now?: () => number } = {},
  ) {
    this.#listen = options.listen;
    this.#notify = options.notify;
    this.#now = options.now ?? Date.now;
  }

  get listening(): boolean {
    return this.#listener?.listening ?? false;
  }

  /** Starts listening; failing to is not fatal (the cache stays off and tries again). */
  async start(): Promise<void> {
    if (!this.#listen || this.#listener) return;
    this.#listener = keepListening(this.#listen, SESSION_CHANNEL, {
      onMessage: (payload) => this.#onAnnouncement(payload),
      onDown: () => this.#onLost(),
    });
    await this.#listener.started;
  }

  async close(): Promise<void> {
    const listener = this.#listener;
    this.#listener = undefined;
    this.#listen = undefined;
    this.#onLost();
    await listener?.close();
  }

  /** The epoch to hand back to put() after reading a session from the database. */
  epoch(): number {
    return this.#epoch;
  }

  /** The remembered session, while its use need not be recorded yet and it has not ended. */
  get(sessionId: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.#now();
    if (now >= entry.expiresAt || now - entry.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Remembers a session read from the database, unless an announcement arrived since `epochAtRead`. */
  put(epochAtRead: number, entry: CachedSession): void {
    if (!this.listening || epochAtRead !== this.#epoch) return;
    this.#entries.delete(entry.actor.sessionId);
    this.#entries.set(entry.actor.sessionId, entry);
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** Forgets a session here at once (the instance that ended it need not wait for the announcement). */
  forget(sessionId: string): void {
    this.#epoch++;
    this.#entries.delete(sessionId);
  }

  /**
   * Resolves once every announcement committed before the call has reached this instance: it sends a marker
   * on the channel and waits for it to come back (announcements arrive in commit order).
   */
  async sync(): Promise<void> {
    if (!this.listening || !this.#notify) return;
    const marker = `sync:${process.pid}:${++this.#barrierCount}`;
    const arrived = new Promise<void>((resolve) => this.#barriers.set(marker, resolve));
    await this.#notify(marker);
    await arrived;
  }

  #onAnnouncement(payload: string): void {
    const barrier = this.#barriers.get(payload);
    if (barrier) {
      this.#barriers.delete(payload);
      barrier();
      return;
    }
    if (payload.startsWith('sync:')) return;
    this.#epoch++;
    const [kind, id] = payload.split(':');
    if (kind === 'session' && id) {
      this.#entries.delete(id);
    } else if (kind === 'user' && id) {
      const userId = Number(id);
      for (const [sessionId, entry] of this.#entries) {
        if (entry.actor.userId === userId) this.#entries.delete(sessionId);
      }
    } else {
      this.#entries.clear();
    }
  }

  /** Nothing is remembered while announcements cannot arrive. */
  #onLost(): void {
    this.#epoch++;
    this.#entries.clear();
    for (const release of this.#barriers.values()) release();
    this.#barriers.clear();
  }
}
