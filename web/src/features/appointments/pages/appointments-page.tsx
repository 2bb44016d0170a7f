import { Link } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { BookingForm } from '../components/booking-form';

const TITLE = 'Schedule an Appointment';

function storedPatientId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /appointments (spec §2): a patient books for themselves; staff choose the patient with the search popup.
 * Signed out, the page explains how to book.
 */
export function AppointmentsPage() {
  useDocumentTitle(TITLE);
  const session = useSession();

  if (!session?.role) {
    return (
      <FormCard title={TITLE} intro="Book a visit at any of our offices in a few steps.">
        <p>
          Please <Link to="/login/patient">sign in as a patient</Link> to book your visit. New here? Call the
          office of your choice and we will set you up. Staff members book through the{' '}
          <Link to="/login/doctor">staff login</Link>.
        </p>
      </FormCard>
    );
  }

  const isPatient = session.role === 'PATIENT';
  return (
    <FormCard
      title={TITLE}
      intro={
        isPatient
          ? 'Choose an office, a doctor (or Not Sure), a day and a free time. Times are the office’s local time.'
          : 'Find the patient, then choose an office, a doctor (or Not Sure), a day and a free time.'
      }
    >
      <BookingForm role={session.role} ownPatientId={isPatient ? storedPatientId(session.patientId) : null} />
    </FormCard>
  );
}
