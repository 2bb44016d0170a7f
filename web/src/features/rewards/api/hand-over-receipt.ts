import type { Receipt, ReceiptUpdateBody } from '@clinic/contract/receipts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { receiptKeys } from './receipt-keys';

/** PUT /receipts/{id} {vouched: true} (points:manage): the reward was handed over at the desk; now Received. */
export function handOverReceipt(id: number): Promise<Receipt> {
  const body: ReceiptUpdateBody = { vouched: true };
  return apiRequest<Receipt>(`/receipts/${id}`, { method: 'PUT', body });
}

export function useHandOverReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handOverReceipt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptKeys.all }),
  });
}
