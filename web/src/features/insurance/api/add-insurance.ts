import type { Insurance } from '@clinic/contract/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INSURANCE_KEY } from './get-insurances';
import { type InsuranceInput, readInsurance } from './insurance-wire';

/** POST /insurance/add (ADMIN, MANAGER). */
export async function addInsurance(input: InsuranceInput): Promise<Insurance> {
  return readInsurance(await apiRequest<unknown>('/insurance/add', { method: 'POST', body: input }));
}

export function useAddInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInsurance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSURANCE_KEY }),
  });
}
