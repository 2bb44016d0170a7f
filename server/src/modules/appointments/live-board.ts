import { LIVE_EVENT } from '@clinic/contract/live-board';
import type { FastifyReply } from 'fastify';
import type { Listen } from '../../db/database';
import { type KeptListener, keepListening } from '../../platform/keep-listening';

/** The channel migration 0018's triggers announce each changed office-day on: '<office id>:<yyyy-mm-dd>'. */
export const APPOINTMENT_CHANNEL = 'clinic_appointments';

/** Open boards one instance serves at most; past it a board polls instead (each costs a socket). */
export const MAX_LIVE_BOARDS = 2_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream (the SSE retry field). */
const RECONNECT_MS = 3_000;

export interface BoardWatcher {
  /** Something on the watched office-day changed: read it again. */
  changed(): void;
  /** Announcements stopped (the database connection was lost): the watcher must not wait for more. */
  lost(): void;
}

/**
 * Which open boards watch which office-day on this instance, and the one LISTEN that feeds them all. Every
 * instance listens, so a change committed through any of them reaches every open board (issue 15).
 */
export class OfficeDayFeed {
  readonly #watchers = new Map<string, Set<BoardWatcher>>();
  readonly #listener: KeptListener | undefined;
  #count = 0;

  constructor(listen: Listen | undefined) {
    this.#listener = listen
      ? keepListening(listen, APPOINTMENT_CHANNEL, {
          onMessage: (payload) => this.#announce(payload),
          onDown: () => this.#loseAll(),
        })
      : undefined;
  }

  get started(): Promise<void> {
    return this.#listener?.started ?? Promise.resolve();
  }

  /** Whether announcements arrive now; without them a board must poll. */
  get live(): boolean {
    return this.#listener?.listening ?? false;
  }

  get size(): number {
    return this.#count;
  }

  /** Starts watching an office-day; null when this instance cannot (not listening, or full). */
  watch(officeId: number, date: string, watcher: BoardWatcher): (() => void) | null {
    if (!this.live || this.#count >= MAX_LIVE_BOARDS) return null;
    const key = `${officeId}:${date}`;
    let set = this.#watchers.get(key);
    if (!set) {
      set = new Set();
      this.#watchers.set(key, set);
    }
    set.add(watcher);
    this.#count++;
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const current = this.#watchers.get(key);
      if (!current?.delete(watcher)) return;
      this.#count--;
      if (current.size === 0) this.#watchers.delete(key);
    };
  }

  /** Ends every watch (the app is closing); their streams end and browsers fall back to polling. */
  async close(): Promise<void> {
    this.#loseAll();
    await this.#listener?.close();
  }

  #announce(payload: string): void {
    const watchers = this.#watchers.get(payload);
    if (!watchers) return;
    for (const watcher of [...watchers]) watcher.changed();
  }

  #loseAll(): void {
    const all = [...this.#watchers.values()].flatMap((set) => [...set]);
    this.#watchers.clear();
    this.#count = 0;
    for (const watcher of all) watcher.lost();
  }
}

/**
 * Serves one board's stream as server-sent events: 'ready' once watching, then 'change' for each
 * announcement of its office-day. The events name nothing but the office-day; the board reads the day
 * again through the ordinary, access-checked list route. The stream ends when the client goes, when
 * announcements stop, or when the app closes.
 */
export function streamOfficeDay(
  reply: FastifyReply,
  feed: OfficeDayFeed,
  officeId: number,
  date: string,
): boolean {
  const raw = reply.raw;
  let heartbeat: NodeJS.Timeout | undefined;
  let stop: (() => void) | null = null;
  const end = () => {
    if (heartbeat) clearInterval(heartbeat);
    stop?.();
    if (!raw.writableEnded) raw.end();
  };
  stop = feed.watch(officeId, date, {
    changed: () => {
      raw.write(`event: ${LIVE_EVENT.change}\ndata: ${JSON.stringify({ officeId, date })}\n\n`);
    },
    lost: end,
  });
  if (!stop) return false;
  // The headers the hooks have set so far (security headers) go out too: hijacking skips the rest.
  const headers = reply.getHeaders() as Record<string, string | number | string[]>;
  reply.hijack();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RECONNECT_MS}\nevent: ${LIVE_EVENT.ready}\ndata: {}\n\n`);
  heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', end);
  return true;
}
