import { SUCCESS_MESSAGE_MS } from '@clinic/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusTone } from '../components/status-message';

export interface FlashMessage {
  tone: StatusTone;
  text: string;
}

/**
 * The message after a save: a success disappears after 3 s (spec §9), an error stays until the next
 * attempt so it can be read at leisure.
 */
export function useFlashMessage() {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

  const show = useCallback(
    (next: FlashMessage | null) => {
      clearTimer();
      setMessage(next);
      if (next?.tone === 'success') {
        timer.current = setTimeout(() => setMessage(null), SUCCESS_MESSAGE_MS);
      }
    },
    [clearTimer],
  );

  return [message, show] as const;
}
