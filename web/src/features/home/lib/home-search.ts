import { isHomeSearchSpecialty, type PublicDoctor } from '@clinic/contract/doctors';
import type { Insurance } from '@clinic/contract/insurance';
import { MSG } from '@clinic/contract/messages';
import type { Patient } from '@clinic/contract/patients';
import type { Role } from '@clinic/contract/roles';

/** What the home search shows: only the first result, or one of the spec's messages (§5). */
export type HomeSearchResult =
  | { kind: 'insurance'; insurance: Insurance }
  | { kind: 'doctor'; doctor: PublicDoctor }
  | { kind: 'patient'; patient: Patient }
  | { kind: 'message'; message: string };

export interface HomeSearchCalls {
  searchInsurance: (query: string) => Promise<Insurance[]>;
  searchDoctors: (query: string) => Promise<PublicDoctor[]>;
  searchPatients: (query: string) => Promise<Patient[]>;
}

/**
 * Spec §5: a PATIENT sees insurance first; with no insurance match, the first doctor who is not ADMIN or
 * FRONT_DESK and is within the home search's specialties; otherwise 'Only doctors are viewable.' (there
 * were matches, none of them viewable) or 'No results found.'. Every other role searches patients only.
 */
export async function runHomeSearch(
  role: Role,
  query: string,
  calls: HomeSearchCalls,
): Promise<HomeSearchResult> {
  if (role !== 'PATIENT') {
    const patients = await calls.searchPatients(query);
    const patient = patients[0];
    return patient ? { kind: 'patient', patient } : { kind: 'message', message: MSG.noPatientsFound };
  }
  const insurance = (await calls.searchInsurance(query))[0];
  if (insurance) return { kind: 'insurance', insurance };
  const doctors = await calls.searchDoctors(query);
  const doctor = doctors.find((candidate) => isHomeSearchSpecialty(candidate.specialty));
  if (doctor) return { kind: 'doctor', doctor };
  return { kind: 'message', message: doctors.length > 0 ? MSG.onlyDoctorsViewable : MSG.noResultsFound };
}
