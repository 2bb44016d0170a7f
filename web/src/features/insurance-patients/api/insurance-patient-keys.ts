/** Query keys of the insurance-patients feature; every write invalidates INSURANCE_PATIENTS_KEY. */
export const INSURANCE_PATIENTS_KEY = ['insurance-patients'] as const;

export const insurancePatientKeys = {
  ofPatient: (patientId: number) => [...INSURANCE_PATIENTS_KEY, 'patient', patientId] as const,
};
