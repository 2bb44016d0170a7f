import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The office of a staff member's own record (GET /doctorinfo/doctor/by-username/{u}), for the rule that a
 * DOCTOR edits only that office; null without a username, while loading, or when the record has none.
 */
export function useOwnOfficeId(username: string | undefined): number | null {
  const own = useQuery({
    queryKey: ['offices', 'own-office', username],
    enabled: Boolean(username),
    queryFn: ({ signal }) =>
      apiRequest<{ officeId?: unknown }>(
        `/doctorinfo/doctor/by-username/${encodeURIComponent(username ?? '')}`,
        {
          signal,
        },
      ),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const officeId = own.data?.officeId;
  return typeof officeId === 'number' && officeId > 0 ? officeId : null;
}
