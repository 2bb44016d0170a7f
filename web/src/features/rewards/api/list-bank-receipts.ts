import type { Receipt } from '@clinic/contract/receipts';
import { useKeyPagedList } from '../../../lib/key-page';
import { receiptKeys } from './receipt-keys';

/**
 * GET /receipts/pointsBank/{id}: the bank's receipts, newest first (the patient's own, or any for staff),
 * with more pages on request when the server announces them.
 */
export function useBankReceipts(pointsBankId: number | null) {
  return useKeyPagedList<Receipt>({
    queryKey: receiptKeys.ofBank(pointsBankId ?? 0),
    path: `/receipts/pointsBank/${pointsBankId ?? 0}`,
    enabled: pointsBankId !== null,
  });
}
