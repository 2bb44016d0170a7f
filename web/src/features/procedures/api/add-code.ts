import type { Procedure } from '@clinic/contract/procedures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readCode } from './code-wire';
import { PROCEDURES_KEY } from './search-codes';

/** POST /procedures/add (ADMIN, MANAGER). */
export async function addCode(input: Procedure): Promise<Procedure> {
  return readCode(await apiRequest<unknown>('/procedures/add', { method: 'POST', body: input }));
}

export function useAddCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCEDURES_KEY }),
  });
}
