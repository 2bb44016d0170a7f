import type { Account, RegisterAccountBody } from '@clinic/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountsQueryKey } from './list-accounts';

/** POST /api/auth/register {username, password, role}: a staff account. */
export function createAccount(body: RegisterAccountBody): Promise<Account> {
  return apiRequest<Account>('/auth/register', { method: 'POST', body });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
