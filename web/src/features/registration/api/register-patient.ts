import { ANTI_BOT_HEADERS, type RegistrationResponse } from '@clinic/contract/patient-registration';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface RegistrationInput {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phoneNumber: string;
  sex: string;
  notes: string;
  /** The hidden field; a person leaves it empty. */
  honeypot: string;
}

export interface FormTiming {
  /** Epoch ms when the form appeared. */
  formStart: number;
  /** ms the form has been on screen (measured with the monotonic clock). */
  pageElapsed: number;
}

/**
 * POST /api/patientinfo/register/credentials with the anti-bot headers (spec §7). Cookies are included so
 * that the HPASS pass set by the captcha travels with it. A 403 with action 'captcha_required' comes back
 * as an ApiError whose action says so.
 */
export function registerPatient(input: RegistrationInput, timing: FormTiming): Promise<RegistrationResponse> {
  return apiRequest<RegistrationResponse>('/patientinfo/register/credentials', {
    method: 'POST',
    body: input,
    credentials: 'include',
    headers: {
      [ANTI_BOT_HEADERS.formStart]: String(Math.round(timing.formStart)),
      [ANTI_BOT_HEADERS.pageElapsed]: String(Math.round(timing.pageElapsed)),
      [ANTI_BOT_HEADERS.honeypot]: input.honeypot,
    },
  });
}

export function useRegisterPatient() {
  return useMutation({
    mutationFn: ({ input, timing }: { input: RegistrationInput; timing: FormTiming }) =>
      registerPatient(input, timing),
  });
}
