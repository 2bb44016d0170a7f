import type { DailyReport } from '@clinic/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const REPORTS_KEY = ['reports'] as const;

/** GET /reports/daily?officeId=&from=&to=. */
export function useDailyReport(range: { officeId: number; from: string; to: string } | null) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'daily', range?.officeId, range?.from, range?.to],
    queryFn: ({ signal }) => apiRequest<DailyReport>('/reports/daily', { query: { ...range }, signal }),
    enabled: range !== null,
  });
}
