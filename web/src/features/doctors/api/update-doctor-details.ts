import type { Doctor } from '@clinic/contract/doctors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readDoctor } from './doctor-wire';
import { DOCTORS_KEY } from './get-doctors';

export interface DoctorDetailsInput {
  firstName: string;
  lastName: string;
  bio?: string;
  specialty?: string;
  officeId?: number | null;
  doctorPicture?: string;
  rating?: number;
}

/** PUT /doctorinfo/update/details?doctorId= */
export async function updateDoctorDetails(doctorId: number, details: DoctorDetailsInput): Promise<Doctor> {
  return readDoctor(
    await apiRequest<unknown>('/doctorinfo/update/details', {
      method: 'PUT',
      query: { doctorId },
      body: details,
    }),
  );
}

export function useUpdateDoctorDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ doctorId, details }: { doctorId: number; details: DoctorDetailsInput }) =>
      updateDoctorDetails(doctorId, details),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCTORS_KEY }),
  });
}
