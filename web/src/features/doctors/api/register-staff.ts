import type { RegisteredStaff, StaffRegistrationRole } from '@clinic/contract/doctors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DOCTORS_KEY } from './get-doctors';

export interface RegisterStaffInput {
  username: string;
  password: string;
  officeId: number;
  role: StaffRegistrationRole;
  firstName: string;
  lastName: string;
  specialty: string;
}

/**
 * POST /doctorinfo/doctor/register/credentials: creates the sign-in account and its doctor record in one
 * transaction (docs/decisions), answering the new record with its doctorId.
 */
export function registerStaff(input: RegisterStaffInput): Promise<RegisteredStaff> {
  return apiRequest<RegisteredStaff>('/doctorinfo/doctor/register/credentials', {
    method: 'POST',
    body: input,
  });
}

export function useRegisterStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCTORS_KEY }),
  });
}
