import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { FormCard } from '../../../components/form-card';
import { useDocumentTitle } from '../../../lib/document-title';
import { withReturn } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { BookingForm } from '../components/booking-form';
import styles from './appointments-page.module.css';

const TITLE = 'Schedule an Appointment';
const PATH = '/appointments';

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
        <p>Sign in to choose an office, a doctor and a free time. You come straight back here.</p>
        <div className={styles.actions}>
          <ButtonLink to={withReturn('/login/patient', PATH)}>Sign in to book</ButtonLink>
          <ButtonLink variant="secondary" to={withReturn('/register/patient', PATH)}>
            New patient? Create your account
          </ButtonLink>
        </div>
        <p className={styles.staff}>
          Staff members book through the <Link to={withReturn('/login/doctor', PATH)}>staff login</Link>.
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
