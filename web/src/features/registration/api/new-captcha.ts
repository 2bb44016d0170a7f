import type { CaptchaChallenge } from '@clinic/contract/captcha';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Names this app to the captcha service (spec §7 appKey). */
export const CAPTCHA_APP_KEY = 'clinic-web';

/** POST /api/patientinfo/captcha/new: a fresh challenge; the server picks rotate, slider or click. */
export function newCaptcha(): Promise<CaptchaChallenge> {
  return apiRequest<CaptchaChallenge>('/patientinfo/captcha/new', {
    method: 'POST',
    body: { appKey: CAPTCHA_APP_KEY },
    credentials: 'include',
    token: null,
  });
}

export function useNewCaptcha() {
  return useMutation({ mutationFn: newCaptcha });
}
