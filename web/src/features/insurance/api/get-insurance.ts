import type { Insurance } from '@clinic/contract/insurance';
import { MSG } from '@clinic/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INSURANCE_KEY } from './get-insurances';
import { readInsurance } from './insurance-wire';

export const insuranceQueryKey = (id: number) => [...INSURANCE_KEY, 'one', id] as const;

/** GET /insurance/{id}: the detail popup reads the record fresh. */
export async function getInsurance(id: number): Promise<Insurance> {
  try {
    return readInsurance(await apiRequest<unknown>(`/insurance/${id}`));
  } catch (error) {
    throw new Error(MSG.insuranceLoadFailed, { cause: error });
  }
}

export function useInsurance(id: number | null) {
  return useQuery({
    queryKey: insuranceQueryKey(id ?? 0),
    queryFn: () => getInsurance(id ?? 0),
    enabled: id !== null && id > 0,
  });
}
