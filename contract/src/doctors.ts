import { type Static, Type } from 'typebox';
import { BoundedList } from './common';
import {
  DIRECTORY_SPECIALTIES,
  HOME_SEARCH_EXCLUDED_SPECIALTIES,
  HOME_SEARCH_MAX,
  HOME_SEARCH_SPECIALTIES,
} from './constants';

/**
 * Doctors and staff records (spec §3 Doctor, §7 Doctor info). `username` is the login name of the linked
 * account: it appears only in staff views, never in an answer to a visitor or a patient.
 */
export const Doctor = Type.Object({
  doctorId: Type.Integer(),
  officeId: Type.Union([Type.Integer(), Type.Null()]),
  /** The office's name, for the care-team directory. */
  officeName: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  specialty: Type.String(),
  bio: Type.String(),
  doctorPicture: Type.String(),
  rating: Type.Integer(),
  /** Staff views only. */
  username: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Doctor = Static<typeof Doctor>;

/** What a visitor may see of a doctor: exactly what the directory shows. */
export const PublicDoctor = Type.Object({
  doctorId: Type.Integer(),
  officeId: Type.Union([Type.Integer(), Type.Null()]),
  officeName: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  specialty: Type.String(),
  bio: Type.String(),
  doctorPicture: Type.String(),
  rating: Type.Integer(),
});
export type PublicDoctor = Static<typeof PublicDoctor>;

/** The roles the staff registration form may give (§6 "Doctor registration role choice"). */
export const STAFF_REGISTRATION_ROLES = ['FRONTDESK', 'DOCTOR', 'MANAGER'] as const;
export type StaffRegistrationRole = (typeof STAFF_REGISTRATION_ROLES)[number];
export const DEFAULT_STAFF_REGISTRATION_ROLE: StaffRegistrationRole = 'DOCTOR';

/** Specialties offered by the registration form; the first four make up the public directory. */
export const STAFF_SPECIALTY_OPTIONS = [
  { value: 'Physical Therapist', label: 'Physical Therapist' },
  { value: 'Massage Therapist', label: 'Massage Therapist' },
  { value: 'Acupuncture', label: 'Acupuncture' },
  { value: 'PT Staff', label: 'PT Staff' },
  { value: 'FRONT_DESK', label: 'Front desk (not listed in the directory)' },
] as const;

/** Specialty codes that are roles, not clinical titles, in people's words (issue 15). */
const SPECIALTY_WORDS: Readonly<Record<string, string>> = {
  ADMIN: 'Administrator',
  ADMINISTRATOR: 'Administrator',
  FRONT_DESK: 'Front desk',
  FRONTDESK: 'Front desk',
  MANAGER: 'Clinic manager',
  DOCTOR: 'Clinician',
};

/** A specialty as people read it: role codes ('ADMIN', 'FRONT_DESK') in words, clinical titles as they are. */
export function specialtyLabel(specialty: string | null | undefined): string {
  const value = (specialty ?? '').trim();
  return SPECIALTY_WORDS[value.toUpperCase().replace(/[\s-]+/g, '_')] ?? value;
}

export const USERNAME_PATTERN = '^[A-Za-z0-9._@-]+$';
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;

const Username = Type.String({
  minLength: USERNAME_MIN_LENGTH,
  maxLength: USERNAME_MAX_LENGTH,
  pattern: USERNAME_PATTERN,
});
const Name = Type.String({ maxLength: 100 });
const OfficeId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * POST /doctorinfo/doctor/register/credentials. The spec sends {username, password, officeId}; `role`
 * (FRONTDESK, DOCTOR or MANAGER; default DOCTOR) and the names and specialty are optional, so that the
 * account and its doctor record are created together in one transaction.
 */
export const RegisterStaffBody = Type.Object({
  username: Username,
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 }),
  officeId: OfficeId,
  role: Type.Optional(Type.String({ maxLength: 30 })),
  firstName: Type.Optional(Name),
  firstname: Type.Optional(Name),
  lastName: Type.Optional(Name),
  lastname: Type.Optional(Name),
  specialty: Type.Optional(Type.String({ maxLength: 100 })),
});
export type RegisterStaffBody = Static<typeof RegisterStaffBody>;

/** The answer to a staff registration: the new doctor record (staff view) and the account's role. */
export const RegisteredStaff = Type.Object({
  ...Doctor.properties,
  username: Type.String(),
  role: Type.String(),
});
export type RegisteredStaff = Static<typeof RegisteredStaff>;

/** PUT /doctorinfo/update/details: ?doctorId= or ?username= (one of them). */
export const DoctorDetailsQuery = Type.Object({
  doctorId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type DoctorDetailsQuery = Static<typeof DoctorDetailsQuery>;

/**
 * First and last name are required (checked by the service, which answers the spec's message). Fields
 * left out keep their value. Only an ADMIN may change specialty, rating or office.
 */
export const DoctorDetailsBody = Type.Object({
  firstName: Type.Optional(Name),
  firstname: Type.Optional(Name),
  lastName: Type.Optional(Name),
  lastname: Type.Optional(Name),
  bio: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
  specialty: Type.Optional(Type.String({ maxLength: 100 })),
  officeId: Type.Optional(Type.Union([OfficeId, Type.Null()])),
  doctorPicture: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
  rating: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type DoctorDetailsBody = Static<typeof DoctorDetailsBody>;

export const DoctorAccountQuery = Type.Object({
  doctorId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

/** PUT /doctorinfo/update-account: a new username, a new password, or both (blank means "keep"). */
export const DoctorAccountBody = Type.Object({
  username: Type.Optional(Type.Union([Type.String({ maxLength: USERNAME_MAX_LENGTH }), Type.Null()])),
  password: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type DoctorAccountBody = Static<typeof DoctorAccountBody>;

export const DoctorAccountResponse = Type.Object({ doctorId: Type.Integer(), username: Type.String() });

export const DoctorIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const DoctorUsernameParams = Type.Object({ u: Type.String({ minLength: 1, maxLength: 100 }) });
export const DoctorOfficeQuery = Type.Object({ officeId: OfficeId });

/** The most care team members one page of the directory holds. */
export const CARE_TEAM_PAGE_MAX = 50;

/**
 * GET /doctorinfo/doctor/all/details. Without `page`: the spec's whole list (at most DOCTORS_MAX). With
 * `page`: one page of the care team directory (§9: directory specialties only, each word of `search` in the
 * first or last name, specialty or office name), `size` to a page (DIRECTORY_PAGE_SIZE by default), and how
 * many match in all in the `X-Total-Count` header (issue 13: the public page no longer loads every doctor).
 */
export const CareTeamQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: '1-based' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: CARE_TEAM_PAGE_MAX })),
});
export type CareTeamQuery = Static<typeof CareTeamQuery>;
export const HomeSearchQuery = Type.Object({ query: Type.Optional(Type.String({ maxLength: 100 })) });

function includesAny(specialty: string, list: readonly string[]): boolean {
  const value = specialty.toLowerCase();
  return list.some((s) => value.includes(s.toLowerCase()));
}

/** §9: the directory lists doctors whose specialty contains one of its specialties, in any case. */
export function isDirectorySpecialty(specialty: string | null | undefined): boolean {
  return includesAny(specialty ?? '', DIRECTORY_SPECIALTIES);
}

/** §5: the home search shows doctors of its narrower set of specialties, never ADMIN or FRONT_DESK. */
export function isHomeSearchSpecialty(specialty: string | null | undefined): boolean {
  const value = (specialty ?? '').trim().toUpperCase();
  if ((HOME_SEARCH_EXCLUDED_SPECIALTIES as readonly string[]).includes(value)) return false;
  return includesAny(value, HOME_SEARCH_SPECIALTIES);
}

/** 'Maya Lindqvist'; a record without a last name ('Not Sure') shows its first name alone. */
export function doctorDisplayName(doctor: { firstName: string; lastName: string }): string {
  return [doctor.firstName, doctor.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** The most doctor records a list holds (a network of a thousand providers, with room to grow). */
export const DOCTORS_MAX = 2000;
/** The most doctor records one office's list holds. */
export const OFFICE_DOCTORS_MAX = 200;
export const DoctorList = BoundedList(Doctor, DOCTORS_MAX);
export const OfficeDoctorList = BoundedList(Doctor, OFFICE_DOCTORS_MAX);
export const PublicDoctorSearchList = BoundedList(PublicDoctor, HOME_SEARCH_MAX);
