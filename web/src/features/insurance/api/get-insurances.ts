import type { Insurance } from '@clinic/contract/insurance';
import { MSG } from '@clinic/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readInsurance } from './insurance-wire';

/** Everything cached about insurances starts with this (writes invalidate it). */
export const INSURANCE_KEY = ['insurance'] as const;
export const insurancesQueryKey = [...INSURANCE_KEY, 'all'] as const;

/** GET /insurance/all (public). */
export async function getInsurances(): Promise<Insurance[]> {
  let raw: unknown;
  try {
    raw = await apiRequest<unknown>('/insurance/all');
  } catch (error) {
    throw new Error(MSG.insuranceLoadFailed, { cause: error });
  }
  return Array.isArray(raw) ? raw.map(readInsurance).filter((i) => i.insid > 0) : [];
}

export function useInsurances() {
  return useQuery({ queryKey: insurancesQueryKey, queryFn: getInsurances });
}
