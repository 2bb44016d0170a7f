import { addCalendarDays, calendarDateInZone } from '@clinic/contract/office-hours';
import type { Office } from '@clinic/contract/offices';
import { useEffect, useState } from 'react';
import { TextField } from './form-field';
import styles from './office-range-filter.module.css';
import { OfficeSelect } from './office-select';

export interface OfficeRange {
  officeId: number;
  from: string;
  to: string;
}

interface RangeRules {
  /** The range the page opens on: this many days up to the first office's today. */
  defaultDays: number;
  maxDays: number;
  messages: { rangeOrder: string; rangeTooLong: string };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * An office and a range of its days, as the staff reports choose them: starts at the first office and the
 * last `defaultDays` of its calendar; `range` is null while the choice is incomplete or breaks the rules
 * (`error` says why), so nothing is asked of the server that it would refuse.
 */
export function useOfficeRange(offices: readonly Office[] | undefined, rules: RangeRules) {
  const [officeId, setOfficeId] = useState<number | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  useEffect(() => {
    const first = offices?.[0];
    if (officeId !== null || !first) return;
    const today = calendarDateInZone(new Date(), first.timeZone);
    setOfficeId(first.officeId);
    setFrom(addCalendarDays(today, -(rules.defaultDays - 1)));
    setTo(today);
  }, [offices, officeId, rules.defaultDays]);

  const span = from && to ? daysBetween(from, to) : null;
  const error =
    span === null
      ? undefined
      : span < 0
        ? rules.messages.rangeOrder
        : span + 1 > rules.maxDays
          ? rules.messages.rangeTooLong
          : undefined;
  const range: OfficeRange | null =
    officeId !== null && span !== null && !error ? { officeId, from, to } : null;
  const office = offices?.find((o) => o.officeId === officeId) ?? null;
  return { officeId, setOfficeId, from, setFrom, to, setTo, error, range, office };
}

/** The office, From and To fields of useOfficeRange. */
export function OfficeRangeFilter({
  label,
  offices,
  state,
}: {
  /** The search landmark's name ('Timesheet filters'). */
  label: string;
  offices: readonly Office[] | undefined;
  state: ReturnType<typeof useOfficeRange>;
}) {
  return (
    <search className={styles.filters} aria-label={label}>
      <OfficeSelect
        offices={offices ?? []}
        value={state.officeId}
        onChange={(next) => state.setOfficeId(next.officeId)}
      />
      <TextField
        label="From"
        type="date"
        value={state.from}
        onChange={(e) => e.target.value && state.setFrom(e.target.value)}
      />
      <TextField
        label="To"
        type="date"
        value={state.to}
        error={state.error}
        onChange={(e) => e.target.value && state.setTo(e.target.value)}
      />
    </search>
  );
}
