import type { PointsBank } from '@clinic/contract/points';
import { RECEIPT_PAGE_MAX, type Receipt } from '@clinic/contract/receipts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getAllKeyPages } from '../../../lib/key-page';
import { bookingKeys } from './appointment-keys';

/**
 * The patient's unvouched receipts, the vouchers a visit can be booked with: GET /points-bank/{patientId}
 * for the bank id, then GET /receipts/pointsBank/{id}. A patient without a bank has none.
 */
export async function getPatientVouchers(patientId: number, signal?: AbortSignal): Promise<Receipt[]> {
  let bank: PointsBank;
  try {
    bank = await apiRequest<PointsBank>(`/points-bank/${patientId}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
  const receipts = await getAllKeyPages<Receipt>(`/receipts/pointsBank/${bank.pointsBankId}`, {
    signal,
    cursorParam: 'before',
    pageSize: RECEIPT_PAGE_MAX,
  });
  return receipts.filter((r) => !r.vouched);
}

export function usePatientVouchers(patientId: number | null) {
  return useQuery({
    queryKey: bookingKeys.vouchers(patientId ?? 0),
    queryFn: ({ signal }) => getPatientVouchers(patientId as number, signal),
    enabled: patientId !== null,
  });
}
