import type { PurchaseBody, Receipt } from '@clinic/contract/receipts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pointsBankKeys } from '../../../lib/points-bank';
import { receiptKeys } from './receipt-keys';

/**
 * POST /receipts (PATIENT, own bank): spends the item's price. The spec's call sends the amounts and the
 * date too; the server decides them (the price of the day, the balance it holds), so 0 and today are sent.
 * 409 with a message when the points do not reach or the item is not on sale.
 */
export function purchaseReward(input: { inventoryId: number; pointsBankId: number; price: number }) {
  const body: PurchaseBody = {
    inventoryId: input.inventoryId,
    pointsBankId: input.pointsBankId,
    amountTotal: input.price,
    amountBefore: 0,
    amountAfter: 0,
    date: new Date().toISOString().slice(0, 10),
  };
  return apiRequest<Receipt>('/receipts', { method: 'POST', body });
}

export function usePurchaseReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseReward,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsBankKeys.all }),
        queryClient.invalidateQueries({ queryKey: receiptKeys.all }),
      ]),
  });
}
