import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface CaptchaSolution {
  challengeId: string;
  hmac: string;
  angle?: number;
  x?: number;
  y?: number;
}

/**
 * POST /api/patientinfo/captcha/verify?debug=1: on success the server sets the HPASS cookie (hence
 * credentials: 'include'); a failure is an ApiError with the server's message.
 */
export async function verifyCaptcha(solution: CaptchaSolution): Promise<void> {
  await apiRequest<unknown>('/patientinfo/captcha/verify', {
    method: 'POST',
    query: { debug: 1 },
    body: solution,
    credentials: 'include',
    token: null,
  });
}

export function useVerifyCaptcha() {
  return useMutation({ mutationFn: verifyCaptcha });
}
