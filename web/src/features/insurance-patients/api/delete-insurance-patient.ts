import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INSURANCE_PATIENTS_KEY } from './insurance-patient-keys';

/** DELETE /insurancePatientInfo/delete/{id} (ADMIN, MANAGER). */
export async function deleteInsurancePatient(insptId: number): Promise<void> {
  await apiRequest<unknown>(`/insurancePatientInfo/delete/${insptId}`, { method: 'DELETE' });
}

export function useDeleteInsurancePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInsurancePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSURANCE_PATIENTS_KEY }),
  });
}
