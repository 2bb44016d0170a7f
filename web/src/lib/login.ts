import { MSG } from '@clinic/contract/messages';
import { normalizeRole } from '@clinic/contract/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { type LoginResult, storeLogin } from './session-storage';

export type LoginKind = 'patient' | 'staff';

export interface Credentials {
  username: string;
  password: string;
}

/** The login answer (both endpoints): { token, username, role, expiresAt, patientId?, doctorId? }. */
interface LoginResponse {
  token?: unknown;
  username?: unknown;
  role?: unknown;
  expiresAt?: unknown;
  patientId?: number | string | null;
  doctorId?: number | string | null;
}

const LOGIN_PATHS: Record<LoginKind, string> = {
  patient: '/patientinfo/login',
  staff: '/doctorinfo/doctor/login',
};

export async function login(kind: LoginKind, credentials: Credentials): Promise<LoginResult> {
  // No bearer token: a stale one from an earlier session must not ride along.
  const response = await apiRequest<LoginResponse>(LOGIN_PATHS[kind], {
    method: 'POST',
    body: credentials,
    token: null,
  });
  const token = typeof response?.token === 'string' ? response.token : '';
  // Patients are PATIENT even if the answer omits the role (spec §6); staff must be told theirs.
  const role =
    normalizeRole(typeof response?.role === 'string' ? response.role : null) ??
    (kind === 'patient' ? 'PATIENT' : null);
  if (!token || !role) throw new Error(MSG.loginFailedFallback);
  return {
    token,
    role,
    username: typeof response.username === 'string' ? response.username : credentials.username,
    patientId: response.patientId ?? null,
    doctorId: response.doctorId ?? null,
  };
}

/** Signs in and stores the session; cached data of whoever was signed in before is dropped. */
export function useLogin(kind: LoginKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => login(kind, credentials),
    onSuccess: (result) => {
      queryClient.clear();
      storeLogin(result);
    },
  });
}
