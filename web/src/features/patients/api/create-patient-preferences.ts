import { MSG } from '@clinic/contract/messages';
import type { PatientPermissions } from '@clinic/contract/patient-permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { preferencesQueryKey } from './get-patient-preferences';
import { withPatientFallback } from './patient-service-error';
import type { PreferenceValues } from './save-patient-preferences';

/** POST /patient-permissions/add: the signed-in patient's first preferences record. */
export function createPatientPreferences(values: PreferenceValues): Promise<PatientPermissions> {
  return withPatientFallback(
    apiRequest<PatientPermissions>('/patient-permissions/add', { method: 'POST', body: values }),
    MSG.patientUpdateFailed,
  );
}

export function useCreatePatientPreferences(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatientPreferences,
    onSuccess: (created) => queryClient.setQueryData(preferencesQueryKey(patientId), created),
  });
}
