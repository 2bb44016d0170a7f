import type { Insurance } from '@clinic/contract/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INSURANCE_KEY } from './get-insurances';
import { type InsuranceInput, readInsurance } from './insurance-wire';

/** PUT /insurance/update/{id} (ADMIN). */
export async function updateInsurance(id: number, input: InsuranceInput): Promise<Insurance> {
  return readInsurance(await apiRequest<unknown>(`/insurance/update/${id}`, { method: 'PUT', body: input }));
}

export function useUpdateInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: InsuranceInput }) => updateInsurance(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSURANCE_KEY }),
  });
}
