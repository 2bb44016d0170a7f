import type { EditAccountBody } from '@clinic/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountsQueryKey } from './list-accounts';

/** PUT /api/auth/edit {username, newPassword, newRole}: either or both. */
export function editAccount(body: EditAccountBody): Promise<{ username: string; role: string }> {
  return apiRequest('/auth/edit', { method: 'PUT', body });
}

export function useEditAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
