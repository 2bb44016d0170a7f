import { MSG } from '@clinic/contract/messages';
import type { PatientDetails } from '@clinic/contract/patient-details';
import type { Patient } from '@clinic/contract/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { patientQueryKey } from './get-patient';
import { preferencesQueryKey } from './get-patient-preferences';
import { withPatientFallback } from './patient-service-error';

/** PUT /patientinfo/update-details?patientId=&username=: the patient's own details (phone sent as `phone`). */
export function updatePatientDetails(
  patient: Pick<Patient, 'patientId' | 'username'>,
  details: PatientDetails,
) {
  const { phoneNumber, ...rest } = details;
  return withPatientFallback(
    apiRequest<Patient>('/patientinfo/update-details', {
      method: 'PUT',
      query: { patientId: patient.patientId, username: patient.username ?? undefined },
      body: { ...rest, phone: phoneNumber },
    }),
    MSG.patientDetailsUpdateFailed,
  );
}

/**
 * Saves, then puts the answer in the cache and refreshes what shows the old values: patient lists, and the
 * communication preferences, whose e-mail and phone are the profile's (issue 14).
 */
export function useUpdatePatientDetails(patient: Pick<Patient, 'patientId' | 'username'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: PatientDetails) => updatePatientDetails(patient, details),
    onSuccess: (updated) => {
      queryClient.setQueryData(patientQueryKey(updated.patientId), updated);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['patients', 'list'] }),
        queryClient.invalidateQueries({ queryKey: preferencesQueryKey(updated.patientId) }),
      ]);
    },
  });
}
