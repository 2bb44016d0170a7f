import type { Listen } from '../db/database';

/** Waits before listening again after the connection was lost: 0.5 s doubling to 30 s. */
const RELISTEN_FIRST_MS = 500;
const RELISTEN_MAX_MS = 30_000;

export interface ListenerHandlers {
  onMessage(payload: string): void;
  /** Listening (again): announcements from now on arrive; any made while down were missed. */
  onUp?(): void;
  /** The connection was lost (or could not be made); nothing arrives until onUp. */
  onDown?(): void;
}

export interface KeptListener {
  readonly listening: boolean;
  /** Resolves after the first attempt to listen, whether it worked or not. */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` and keeps listening: a lost connection (a PostgreSQL restart, a network cut) is
 * announced through onDown and retried with backoff, and onUp tells when announcements flow again. Failing
 * to listen is never fatal: the callers work without announcements, only less cheaply.
 */
export function keepListening(listen: Listen, channel: string, handlers: ListenerHandlers): KeptListener {
  let listening = false;
  let closed = false;
  let unlisten: (() => Promise<void>) | undefined;
  let waitMs = RELISTEN_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;

  function lost(): void {
    const wasListening = listening;
    listening = false;
    unlisten = undefined;
    if (closed) return;
    if (wasListening) handlers.onDown?.();
    const wait = waitMs;
    waitMs = Math.min(waitMs * 2, RELISTEN_MAX_MS);
    timer = setTimeout(() => void start(), wait);
    timer.unref();
  }

  async function start(): Promise<void> {
    if (closed) return;
    try {
      const stop = await listen(channel, (payload) => handlers.onMessage(payload), lost);
      if (closed) {
        await stop();
        return;
      }
      unlisten = stop;
      listening = true;
      waitMs = RELISTEN_FIRST_MS;
      handlers.onUp?.();
    } catch {
      lost();
    }
  }

  const started = start();
  return {
    get listening() {
      return listening;
    },
    started,
    async close() {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      await unlisten?.().catch(() => {}); // a database already closed has no listener left
    },
  };
}
