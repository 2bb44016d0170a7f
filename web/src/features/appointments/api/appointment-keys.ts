/** Query keys of the appointments feature; writes invalidate APPOINTMENTS_KEY (lists, details, slots). */
export const APPOINTMENTS_KEY = ['appointments'] as const;

export const appointmentKeys = {
  detail: (id: number) => [...APPOINTMENTS_KEY, 'detail', id] as const,
  statusHistory: (id: number) => [...APPOINTMENTS_KEY, 'detail', id, 'status-history'] as const,
  byOfficeAndDate: (officeId: number, date: string) =>
    [...APPOINTMENTS_KEY, 'office-date', officeId, date] as const,
  /** Under byOfficeAndDate, so that reading the day again reads these too. */
  latestChanges: (officeId: number, date: string) =>
    [...APPOINTMENTS_KEY, 'office-date', officeId, date, 'latest-changes'] as const,
  details: () => [...APPOINTMENTS_KEY, 'detail'] as const,
  calendar: (officeId: number, from: string, to: string) =>
    [...APPOINTMENTS_KEY, 'calendar', officeId, from, to] as const,
  ofPatient: (patientId: number) => [...APPOINTMENTS_KEY, 'patient', patientId] as const,
  availableTimes: (officeId: number, date: string, doctorId: number | null) =>
    [...APPOINTMENTS_KEY, 'available', officeId, date, doctorId] as const,
  nextAvailable: (officeId: number, from: string, doctorId: number | null) =>
    [...APPOINTMENTS_KEY, 'next-available', officeId, from, doctorId] as const,
};

/**
 * A patient's authorizations with their visit burn-down; a booking changes the counts, so the booking
 * invalidates everything under this key.
 */
export const AUTHORIZATIONS_KEY = ['booking', 'authorizations'] as const;

/** What the booking form reads about other records (offices, doctors, the patient's coverage). */
export const bookingKeys = {
  officeDoctors: (officeId: number) => ['booking', 'doctors', officeId] as const,
  insurance: (patientId: number) => ['booking', 'insurance', patientId] as const,
  authorizations: (patientId: number) => [...AUTHORIZATIONS_KEY, 'patient', patientId] as const,
  diagnosisSets: (authId: number) => ['booking', 'diagnosis-sets', authId] as const,
  vouchers: (patientId: number) => ['booking', 'vouchers', patientId] as const,
};
