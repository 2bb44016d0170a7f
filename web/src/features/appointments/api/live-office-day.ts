import type { LatestStatusChange } from '@clinic/contract/appointments';
import { BOARD_POLL_MS, eventStreamParser, LIVE_EVENT } from '@clinic/contract/live-board';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest, apiStream } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** 'live': changes arrive as they happen; 'polling': the board reads its day every BOARD_POLL_MS. */
export type BoardFeed = 'connecting' | 'live' | 'polling';

/** Waits before opening the feed again after it failed or ended: 3 s doubling to a minute. */
const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps a check-in board's office-day fresh (issue 15): follows GET /appointments/live and reads the day
 * again at each change (and once the feed is open, for what changed before). While the feed is refused or
 * down, the caller polls (see pollInterval) and the feed is tried again with backoff; a refusal that will not
 * change (403, 401) stops the tries.
 */
export function useLiveOfficeDay(officeId: number | null, date: string): BoardFeed {
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<BoardFeed>('connecting');

  useEffect(() => {
    if (officeId === null || date === '') return;
    const controller = new AbortController();
    let retryTimer: number | undefined;
    let waitMs = RETRY_FIRST_MS;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.byOfficeAndDate(officeId, date) });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.details() });
    };

    async function follow(): Promise<void> {
      let refused = false;
      try {
        const body = await apiStream('/appointments/live', {
          query: { officeId, date },
          signal: controller.signal,
        });
        const reader = body.getReader();
        const decoder = new TextDecoder();
        const parse = eventStreamParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const event of parse(decoder.decode(value, { stream: true }))) {
            if (event.event === LIVE_EVENT.ready) {
              waitMs = RETRY_FIRST_MS;
              setFeed('live');
              refresh();
            } else if (event.event === LIVE_EVENT.change) {
              refresh();
            }
          }
        }
      } catch (error) {
        refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
      }
      if (controller.signal.aborted) return;
      setFeed('polling');
      if (refused) return;
      retryTimer = window.setTimeout(() => void follow(), waitMs);
      waitMs = Math.min(waitMs * 2, RETRY_MAX_MS);
    }

    setFeed('connecting');
    void follow();
    return () => {
      controller.abort();
      window.clearTimeout(retryTimer);
    };
  }, [officeId, date, queryClient]);

  return feed;
}

/** How often a board reads its day itself: never while the live feed tells it of changes. */
export function pollInterval(feed: BoardFeed): number | false {
  return feed === 'live' ? false : BOARD_POLL_MS;
}

/** GET /appointments/latest-status-changes: who changed each visit's status last, and when. */
export function useLatestStatusChanges(officeId: number | null, date: string, feed: BoardFeed) {
  return useQuery({
    queryKey: appointmentKeys.latestChanges(officeId ?? 0, date),
    queryFn: ({ signal }) =>
      apiRequest<LatestStatusChange[]>('/appointments/latest-status-changes', {
        query: { officeId, date },
        signal,
      }),
    enabled: officeId !== null && date !== '',
    refetchInterval: pollInterval(feed),
  });
}
