import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountsQueryKey } from './list-accounts';

/** DELETE /api/auth/delete/{user}. */
export async function deleteAccount(username: string): Promise<void> {
  await apiRequest<unknown>(`/auth/delete/${encodeURIComponent(username)}`, { method: 'DELETE' });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
