import { MSG } from '@clinic/contract/messages';
import type { PatientAccountChanges } from '@clinic/contract/patient-details';
import type { Patient } from '@clinic/contract/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notifyUserUpdated, readSession, SESSION_KEYS } from '../../../lib/session-storage';
import { patientQueryKey } from './get-patient';
import { withPatientFallback } from './patient-service-error';

/** PUT /patientinfo/update-account?patientId= {username, password, email}: blank values are kept. */
export function updatePatientAccount(patientId: number, changes: PatientAccountChanges): Promise<Patient> {
  return withPatientFallback(
    apiRequest<Patient>('/patientinfo/update-account', {
      method: 'PUT',
      query: { patientId },
      body: changes,
    }),
    MSG.patientUpdateFailed,
  );
}

/** Saves; a new username also becomes the stored one, so the signed-in user's name stays right. */
export function useUpdatePatientAccount(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PatientAccountChanges) => updatePatientAccount(patientId, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData(patientQueryKey(updated.patientId), updated);
      const session = readSession();
      if (session && updated.username && session.username !== updated.username) {
        window.localStorage.setItem(SESSION_KEYS.username, updated.username);
        notifyUserUpdated();
      }
    },
  });
}
