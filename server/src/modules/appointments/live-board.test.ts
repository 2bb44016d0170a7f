import { describe, expect, it, vi } from 'vitest';
import type { Listen } from '../../db/database';
import { MAX_LIVE_BOARDS, OfficeDayFeed } from './live-board';

/** A LISTEN that the test drives: send() delivers a payload, drop() loses the connection. */
function fakeListen() {
  let deliver: ((payload: string) => void) | undefined;
  let lose: (() => void) | undefined;
  const listen: Listen = async (_channel, onMessage, onLost) => {
    deliver = onMessage;
    lose = onLost;
    return async () => {};
  };
  return { listen, send: (p: string) => deliver?.(p), drop: () => lose?.() };
}

const watcher = () => ({ changed: vi.fn(), lost: vi.fn() });

describe('OfficeDayFeed', () => {
  it('hands each announcement to the watchers of that office-day only, until they stop', async () => {
    const db = fakeListen();
    const feed = new OfficeDayFeed(db.listen);
    await feed.started;
    const mine = watcher();
    const other = watcher();
    const stop = feed.watch(1, '2030-01-07', mine)!;
    feed.watch(2, '2030-01-07', other);
    db.send('1:2030-01-07');
    expect(mine.changed).toHaveBeenCalledTimes(1);
    expect(other.changed).not.toHaveBeenCalled();
    stop();
    stop();
    expect(feed.size).toBe(1);
    db.send('1:2030-01-07');
    expect(mine.changed).toHaveBeenCalledTimes(1);
    await feed.close();
    expect(other.lost).toHaveBeenCalledTimes(1);
  });

  it('ends every watch when announcements stop, and refuses new ones until they flow again', async () => {
    vi.useFakeTimers();
    try {
      const db = fakeListen();
      const feed = new OfficeDayFeed(db.listen);
      await feed.started;
      const board = watcher();
      feed.watch(1, '2030-01-07', board);
      db.drop();
      expect(board.lost).toHaveBeenCalledTimes(1);
      expect(feed.live).toBe(false);
      expect(feed.watch(1, '2030-01-07', watcher())).toBeNull();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(feed.live).toBe(true);
      expect(feed.watch(1, '2030-01-07', watcher())).not.toBeNull();
      await feed.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('watches nothing without a LISTEN, and at most MAX_LIVE_BOARDS at once', async () => {
    expect(new OfficeDayFeed(undefined).watch(1, '2030-01-07', watcher())).toBeNull();
    const feed = new OfficeDayFeed(fakeListen().listen);
    await feed.started;
    for (let i = 0; i < MAX_LIVE_BOARDS; i++) expect(feed.watch(1, '2030-01-07', watcher())).not.toBeNull();
    expect(feed.watch(2, '2030-01-07', watcher())).toBeNull();
    await feed.close();
    expect(feed.size).toBe(0);
  });
});
