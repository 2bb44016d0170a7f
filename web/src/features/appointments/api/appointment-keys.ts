/** Query keys of the appointments feature; writes invalidate APPOINTMENTS_KEY (lists, details, slots). */
export const APPOINTMENTS_KEY = ['appointments'] as const;

export const appointmentKeys = {
  detail: (id: number) => [...APPOINTMENTS_KEY, 'detail', id] as const,
  byOfficeAndDate: (officeId: number, date: string) =>
    [...APPOINTMENTS_KEY, 'office-date', officeId, date] as const,
  ofPatient: (patientId: number) => [...APPOINTMENTS_KEY, 'patient', patientId] as const,
  availableTimes: (officeId: number, date: string) =>
    [...APPOINTMENTS_KEY, 'available', officeId, date] as const,
};

/** What the booking form reads about other records (offices, doctors, the patient's coverage). */
export const bookingKeys = {
  offices: () => ['booking', 'offices'] as const,
  officeDoctors: (officeId: number) => ['booking', 'doctors', officeId] as const,
  insurance: (patientId: number) => ['booking', 'insurance', patientId] as const,
  authorization: (patientId: number) => ['booking', 'authorization', patientId] as const,
  vouchers: (patientId: number) => ['booking', 'vouchers', patientId] as const,
};
