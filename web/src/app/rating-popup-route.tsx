import { formatTime12 } from '@clinic/contract/office-hours';
import { useAppointment } from '../features/appointments/api/get-appointment';
import { RatingPopupPage } from '../features/ratings/pages/rating-popup-page';
import { longDate } from '../lib/date-text';

/** 'Your visit of Nov 26, 2026 at 10:00 am with Marcus Bell, Denver Highlands', or nothing until it is read. */
function RatedVisit({ appointmentId }: { appointmentId: number }) {
  const appointment = useAppointment(appointmentId).data;
  if (!appointment) return null;
  const provider = appointment.doctorName.trim();
  return (
    <>
      Your visit of {longDate(appointment.appointmentDate)} at {formatTime12(appointment.appointmentTime)}
      {provider ? ` with ${provider}` : ''}, {appointment.officeName}
    </>
  );
}

/** /ratingpopup: the rating form, saying which visit is rated (the appointments feature reads it). */
export function RatingPopupRoute() {
  return <RatingPopupPage visitLabel={(id) => <RatedVisit appointmentId={id} />} />;
}
