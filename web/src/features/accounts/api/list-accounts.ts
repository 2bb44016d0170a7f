import type { Account } from '@clinic/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const accountsQueryKey = ['auth', 'accounts'] as const;

/** GET /api/auth/accounts: the staff accounts (ADMIN only). */
export function listAccounts(): Promise<Account[]> {
  return apiRequest<Account[]>('/auth/accounts');
}

export function useAccounts(enabled: boolean) {
  return useQuery({ queryKey: accountsQueryKey, queryFn: listAccounts, enabled });
}
