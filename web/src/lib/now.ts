import { useEffect, useState } from 'react';

/**
 * The time now, read again every `periodMs`: screens whose offers depend on the clock (the check-in board's No
 * Show from a visit's start, nothing of a visit once its day is over) follow it without a reload.
 */
export function useNow(periodMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs]);
  return now;
}
