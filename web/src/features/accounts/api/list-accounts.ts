import type { Account } from '@clinic/contract/auth';
import { useKeyPagedList } from '../../../lib/key-page';

export const accountsQueryKey = ['auth', 'accounts'] as const;

/** GET /api/auth/accounts: the staff accounts by username, a page at a time (ADMIN only). */
export function useAccounts(enabled: boolean) {
  return useKeyPagedList<Account>({
    queryKey: accountsQueryKey,
    path: '/auth/accounts',
    cursorParam: 'cursor',
    enabled,
  });
}
