import type { InsurancePatientBody, InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INSURANCE_PATIENTS_KEY } from './insurance-patient-keys';

/** PATCH /insurancePatientInfo/update/{id} (ADMIN, MANAGER): the fields sent change, the rest stay. */
export function updateInsurancePatient(
  insptId: number,
  body: InsurancePatientBody,
): Promise<InsurancePatientRecord> {
  return apiRequest<InsurancePatientRecord>(`/insurancePatientInfo/update/${insptId}`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateInsurancePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ insptId, body }: { insptId: number; body: InsurancePatientBody }) =>
      updateInsurancePatient(insptId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSURANCE_PATIENTS_KEY }),
  });
}
