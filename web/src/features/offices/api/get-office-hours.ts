import type { OfficeHours } from '@clinic/contract/offices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { officeHoursQueryKey } from './office-keys';

const DAY_MS = 86_400_000;

/**
 * The stored days the office's week table can show: from two days before today to nine after (UTC dates),
 * which holds the next 7 days of the office's own today in any time zone.
 */
export function weekWindow(now: Date): { from: string; to: string } {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  return { from: day(-2), to: day(9) };
}

/** GET /office-hours/office/{officeId}?from=&to= (public): the office's stored days around this week. */
export function getOfficeHours(officeId: number, now: Date = new Date()): Promise<OfficeHours[]> {
  return apiRequest<OfficeHours[]>(`/office-hours/office/${officeId}`, { query: weekWindow(now) });
}

export function useOfficeHours(officeId: number | null) {
  return useQuery({
    queryKey: officeHoursQueryKey(officeId ?? 0),
    queryFn: () => getOfficeHours(officeId as number),
    enabled: officeId !== null,
    // A failed load shows 'Not available' (spec §8); no need to hammer the server.
    retry: 1,
  });
}
