import type { PointsAdjustQuery, PointsBank } from '@clinic/contract/points';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pointsBankKeys } from '../../../lib/points-bank';

/**
 * PUT /points-bank/update/{bankId}?totalPoints=&reason= (ADMIN, MANAGER): sets the balance; the server
 * records it in the ledger with who made the change and why.
 */
export function adjustPoints(pointsBankId: number, query: PointsAdjustQuery): Promise<PointsBank> {
  return apiRequest<PointsBank>(`/points-bank/update/${pointsBankId}`, {
    method: 'PUT',
    query: { ...query },
  });
}

export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pointsBankId, query }: { pointsBankId: number; query: PointsAdjustQuery }) =>
      adjustPoints(pointsBankId, query),
    onSuccess: (bank) => {
      queryClient.setQueryData(pointsBankKeys.of(bank.patientId), bank);
      return queryClient.invalidateQueries({ queryKey: pointsBankKeys.all });
    },
  });
}
