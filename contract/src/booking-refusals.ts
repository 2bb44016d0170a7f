/**
 * The server's reasons for refusing to place a visit (a booking, a move, a provider assigned on the
 * calendar); the booking form shows them as 'Failed to add appointment: {reason}'.
 */
export const BOOKING_REFUSALS = {
  patientNotFound: 'Patient not found.',
  officeNotFound: 'Office not found.',
  doctorNotFound: 'Doctor not found.',
  notAClinician: 'That staff member does not see patients; choose a doctor or Not Sure.',
  doctorElsewhere: 'The doctor does not work at this office.',
  slotFull: 'That time slot is full. Please choose another time.',
  doctorBusy: 'The doctor already has an appointment at that time.',
  patientBusy: 'The patient already has an appointment at that time.',
  voucherInvalid: 'That voucher is not valid.',
  voucherNotOwned: 'That voucher does not belong to this patient.',
  voucherUsed: 'That voucher has already been used.',
  voucherBooked: 'That voucher is already booked for another appointment.',
  diagnosisNotOwned: "The diagnosis set is not one of this patient's authorizations.",
} as const;
