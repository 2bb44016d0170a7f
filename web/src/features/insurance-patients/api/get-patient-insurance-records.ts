import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { insurancePatientKeys } from './insurance-patient-keys';

/** GET /insurancePatientInfo/patient/{id}: the patient's insurance records (staff, or the patient themself). */
export function getPatientInsuranceRecords(
  patientId: number,
  signal?: AbortSignal,
): Promise<InsurancePatientRecord[]> {
  return apiRequest<InsurancePatientRecord[]>(`/insurancePatientInfo/patient/${patientId}`, { signal });
}

/** Leave patientId null to wait (no patient yet). */
export function usePatientInsuranceRecords(patientId: number | null) {
  return useQuery({
    queryKey: insurancePatientKeys.ofPatient(patientId ?? 0),
    queryFn: ({ signal }) => getPatientInsuranceRecords(patientId as number, signal),
    enabled: patientId !== null,
  });
}
