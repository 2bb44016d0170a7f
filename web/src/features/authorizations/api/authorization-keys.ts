/** Query keys of the authorizations feature; every write invalidates AUTHORIZATIONS_KEY. */
export const AUTHORIZATIONS_KEY = ['authorizations'] as const;

export interface WorklistFilters {
  days: number;
  visitsLeft: number;
}

export const authorizationKeys = {
  ofPatient: (patientId: number) => [...AUTHORIZATIONS_KEY, 'patient', patientId] as const,
  combiners: (authId: number) => [...AUTHORIZATIONS_KEY, 'combiners', authId] as const,
  worklist: (filters: WorklistFilters) => [...AUTHORIZATIONS_KEY, 'worklist', filters] as const,
};
