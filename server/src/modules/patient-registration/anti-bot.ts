import { REGISTRATION_MIN_ELAPSED_MS } from '@clinic/contract/constants';

/** What a registration request tells about who filled the form in (spec §5, §7 headers). */
export interface AntiBotSignals {
  honeypotField: string | null | undefined;
  honeypotHeader: string | undefined;
  formStart: string | undefined;
  pageElapsed: string | undefined;
}

export type AntiBotVerdict = 'pass' | 'honeypot' | 'too_fast';

const parseMs = (value: string | undefined) => {
  if (value === undefined || !/^\s*\d{1,16}\s*$/.test(value)) return undefined;
  return Number(value);
};

/**
 * The honeypot (field or header) must be empty. The form must have been open at least 3000 ms: X-Page-Elapsed
 * (a duration the page measured, immune to a wrong client clock) decides when present; otherwise
 * X-Form-Start (the page's clock when the form appeared) against ours. A request with neither is judged too
 * fast: the page always sends them.
 */
export function judgeRegistration(signals: AntiBotSignals, now: number = Date.now()): AntiBotVerdict {
  if ((signals.honeypotField ?? '').trim() !== '' || (signals.honeypotHeader ?? '').trim() !== '') {
    return 'honeypot';
  }
  const elapsed = parseMs(signals.pageElapsed);
  if (elapsed !== undefined) return elapsed < REGISTRATION_MIN_ELAPSED_MS ? 'too_fast' : 'pass';
  const formStart = parseMs(signals.formStart);
  if (formStart === undefined) return 'too_fast';
  return now - formStart < REGISTRATION_MIN_ELAPSED_MS ? 'too_fast' : 'pass';
}
