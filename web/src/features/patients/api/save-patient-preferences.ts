import { MSG } from '@clinic/contract/messages';
import type { PatientPermissions } from '@clinic/contract/patient-permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { patientQueryKey } from './get-patient';
import { preferencesQueryKey } from './get-patient-preferences';
import { withPatientFallback } from './patient-service-error';

export type PreferenceValues = Omit<PatientPermissions, 'permissionId' | 'patientId'>;

/** PUT /patient-permissions/{permissionId}: the patient's own preferences. */
export function updatePatientPreferences(
  permissionId: number,
  values: PreferenceValues,
): Promise<PatientPermissions> {
  return withPatientFallback(
    apiRequest<PatientPermissions>(`/patient-permissions/${permissionId}`, { method: 'PUT', body: values }),
    MSG.patientUpdateFailed,
  );
}

export function useUpdatePatientPreferences(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ permissionId, values }: { permissionId: number; values: PreferenceValues }) =>
      updatePatientPreferences(permissionId, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQueryKey(patientId), saved);
      // The preferences' e-mail and phone are the profile's: the profile shows the change too.
      return queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId) });
    },
  });
}
