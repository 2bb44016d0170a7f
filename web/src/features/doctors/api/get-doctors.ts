import type { Doctor } from '@clinic/contract/doctors';
import { MSG } from '@clinic/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { readDoctors } from './doctor-wire';

/** Everything cached about doctors starts with this (writes invalidate it). */
export const DOCTORS_KEY = ['doctors'] as const;

/** Visitors and staff get different views of the same call, so the key carries who asks. */
export const doctorsQueryKey = (viewer: string) => [...DOCTORS_KEY, 'all-details', viewer] as const;

/** GET /doctorinfo/doctor/all/details: the care team (staff also get staff records). */
export async function getDoctors(): Promise<Doctor[]> {
  try {
    return readDoctors(await apiRequest<unknown>('/doctorinfo/doctor/all/details'));
  } catch (error) {
    throw new Error(MSG.failedToFetchDoctors, { cause: error });
  }
}

export function useDoctors() {
  const session = useSession();
  return useQuery({ queryKey: doctorsQueryKey(session?.role ?? 'public'), queryFn: getDoctors });
}
