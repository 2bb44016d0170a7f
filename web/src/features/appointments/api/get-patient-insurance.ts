import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './appointment-keys';

/** GET /insurancePatientInfo/patient/{id}: the patient's insurance records (their active visit kinds). */
export function getPatientInsurance(patientId: number, signal?: AbortSignal) {
  return apiRequest<InsurancePatientRecord[]>(`/insurancePatientInfo/patient/${patientId}`, { signal });
}

export function usePatientInsurance(patientId: number | null) {
  return useQuery({
    queryKey: bookingKeys.insurance(patientId ?? 0),
    queryFn: ({ signal }) => getPatientInsurance(patientId as number, signal),
    enabled: patientId !== null,
  });
}
