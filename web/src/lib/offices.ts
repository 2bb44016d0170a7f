import type { Office } from '@clinic/contract/offices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET /office/all: every office with its time zone, for the pages that choose one (booking, check-in,
 * calendar, timesheets, reports; a few hundred at most). One query key, so they share one read.
 */
export function useOfficeList(enabled = true) {
  return useQuery({
    queryKey: ['offices', 'list'],
    queryFn: ({ signal }) => apiRequest<Office[]>('/office/all', { signal }),
    enabled,
  });
}
