import type { InsurancePatientBody, InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INSURANCE_PATIENTS_KEY } from './insurance-patient-keys';

/** POST /insurancePatientInfo/save (ADMIN, MANAGER): links a patient to an insurance. */
export function saveInsurancePatient(body: InsurancePatientBody): Promise<InsurancePatientRecord> {
  return apiRequest<InsurancePatientRecord>('/insurancePatientInfo/save', { method: 'POST', body });
}

export function useSaveInsurancePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInsurancePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSURANCE_PATIENTS_KEY }),
  });
}
