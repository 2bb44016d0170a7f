import { formatWallTime, parseCalendarDate, parseWallTime } from '@clinic/contract/office-hours';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { FormCard } from '../../../components/form-card';
import { useDocumentTitle } from '../../../lib/document-title';
import { parseId } from '../../../lib/patient-id';
import { withReturn } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { BookingForm, type BookingStart } from '../components/booking-form';
import styles from './appointments-page.module.css';

const TITLE = 'Schedule an Appointment';
const PATH = '/appointments';

/** ?officeId=&doctorId=&date=&time=: a slot chosen elsewhere (the calendar); what does not parse is left out. */
function bookingStartFrom(params: URLSearchParams): BookingStart {
  const start: BookingStart = {};
  const officeId = parseId(params.get('officeId'));
  const doctorId = parseId(params.get('doctorId'));
  const date = parseCalendarDate(params.get('date'));
  const time = parseWallTime(params.get('time'));
  if (officeId !== null) start.officeId = officeId;
  if (doctorId !== null) start.doctorId = doctorId;
  if (date !== null) start.date = date;
  if (time !== null) start.time = formatWallTime(time);
  return start;
}

/**
 * /appointments (spec §2): a patient books for themselves; staff choose the patient with the search popup.
 * Signed out, the page explains how to book.
 */
export function AppointmentsPage() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const [params] = useSearchParams();

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
      <BookingForm
        role={session.role}
        ownPatientId={isPatient ? parseId(session.patientId) : null}
        start={bookingStartFrom(params)}
      />
    </FormCard>
  );
}
