import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface VerifyCodeInput {
  username: string;
  code: string;
  newPassword: string;
}

/** POST /api/patientinfo/verify-code {username, code, newPassword}: sets the new password. */
export async function verifyCode(input: VerifyCodeInput): Promise<void> {
  await apiRequest<unknown>('/patientinfo/verify-code', { method: 'POST', body: input, token: null });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
