import type { Office } from '@clinic/contract/offices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /office/all: every office with its time zone, for the staff pages that choose one (a few hundred at most). */
export function useOfficeList() {
  return useQuery({
    queryKey: ['offices', 'list'],
    queryFn: ({ signal }) => apiRequest<Office[]>('/office/all', { signal }),
  });
}
