import { MSG } from '@clinic/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** POST /api/patientinfo/request-reset {username}: e-mails a code; the answer is the same for any username. */
export async function requestReset(username: string): Promise<void> {
  try {
    await apiRequest<unknown>('/patientinfo/request-reset', {
      method: 'POST',
      body: { username },
      token: null,
    });
  } catch (error) {
    // The service prefers the server's text (spec §8), falling back to its own.
    throw error instanceof ApiError ? error : new Error(MSG.failedToSendResetCode);
  }
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
