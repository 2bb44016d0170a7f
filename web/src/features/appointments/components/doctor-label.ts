/** 'Maya Lindqvist, Physical Therapist'. */
export function doctorLabel(doctor: { firstName: string; lastName: string; specialty: string }): string {
  const name = [doctor.firstName, doctor.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return doctor.specialty.trim() ? `${name}, ${doctor.specialty.trim()}` : name;
}
