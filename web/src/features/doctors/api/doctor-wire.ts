import type { Doctor } from '@clinic/contract/doctors';

type Raw = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** A doctor as received, with the spec's alternates (firstname/lastname) read as firstName/lastName. */
export function readDoctor(raw: unknown): Doctor {
  const r = (raw ?? {}) as Raw;
  const rating = id(r.rating);
  return {
    doctorId: id(r.doctorId) ?? 0,
    officeId: id(r.officeId),
    officeName: typeof r.officeName === 'string' ? r.officeName : null,
    firstName: text(r.firstName ?? r.firstname),
    lastName: text(r.lastName ?? r.lastname),
    specialty: text(r.specialty),
    bio: text(r.bio),
    doctorPicture: text(r.doctorPicture),
    rating: rating ?? 100,
    ...(typeof r.username === 'string' ? { username: r.username } : {}),
  };
}

export function readDoctors(raw: unknown): Doctor[] {
  return Array.isArray(raw) ? raw.map(readDoctor).filter((d) => d.doctorId > 0) : [];
}
