import { DIRECTORY_PAGE_SIZE } from '@clinic/contract/constants';
import { type Doctor, isDirectorySpecialty } from '@clinic/contract/doctors';
import { type PageOf, paginate } from '../../../lib/paginate';

/**
 * §9: the directory shows only doctors of its specialties. Staff callers also receive staff records
 * (ADMIN, FRONT_DESK), which this leaves out; the server never lists the 'Not Sure' placeholder.
 */
export function careTeamMembers(doctors: readonly Doctor[]): Doctor[] {
  return doctors.filter((d) => isDirectorySpecialty(d.specialty));
}

/**
 * §9: the search matches first name, last name, specialty or office name, in any case. Each word must
 * match one of them, so 'maya denver' and 'massage austin' narrow as expected.
 */
export function matchesCareTeamSearch(doctor: Doctor, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const fields = [doctor.firstName, doctor.lastName, doctor.specialty, doctor.officeName ?? ''].map((f) =>
    f.toLowerCase(),
  );
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/** The directory's page: members matching the search, DIRECTORY_PAGE_SIZE per page. */
export function careTeamPage(doctors: readonly Doctor[], query: string, page: number): PageOf<Doctor> {
  const matching = careTeamMembers(doctors).filter((d) => matchesCareTeamSearch(d, query));
  return paginate(matching, page, DIRECTORY_PAGE_SIZE);
}
