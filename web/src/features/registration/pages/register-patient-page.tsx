import type { RegistrationResponse } from '@clinic/contract/patient-registration';
import { can } from '@clinic/contract/permissions';
import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { SignedInNotice, useSignedInOnArrival } from '../../../components/signed-in-notice';
import { StatusMessage } from '../../../components/status-message';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { RegistrationForm } from '../components/registration-form';
import styles from './register-patient-page.module.css';

/** /register/patient (spec §2): patients create their own account; staff register patients at the desk. */
export function RegisterPatientPage() {
  useDocumentTitle('Patient Registration');
  const session = useSession();
  const staff = can(session?.role, 'patient:register');
  const [registered, setRegistered] = useState<RegistrationResponse | null>(null);
  const [formKey, setFormKey] = useState(0);
  const doneRef = useRef<HTMLDivElement>(null);
  const signedIn = useSignedInOnArrival();

  useEffect(() => {
    if (registered) doneRef.current?.focus();
  }, [registered]);

  // Staff register patients at the desk while signed in; anyone else signed in has an account already.
  if (signedIn && !staff) {
    return (
      <SignedInNotice title="Patient Registration" session={signedIn}>
        You already have an account. Sign out first to register a new patient.
      </SignedInNotice>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="registration-title">
      <h1 id="registration-title" className={styles.title}>
        Patient Registration
      </h1>
      {registered ? (
        <div ref={doneRef} tabIndex={-1} className={styles.done}>
          <StatusMessage tone="success">{registered.message}</StatusMessage>
          <p>
            {staff
              ? `The account "${registered.username}" is ready: the patient can sign in with it now.`
              : 'Your account is ready. Sign in with your username and password.'}{' '}
            Account data may take 2 to 48 hours to load after registration.
          </p>
          <div className={styles.actions}>
            {staff ? (
              <Button
                onClick={() => {
                  setRegistered(null);
                  setFormKey((key) => key + 1);
                }}
              >
                Register another patient
              </Button>
            ) : (
              <ButtonLink to="/login/patient">Sign in</ButtonLink>
            )}
          </div>
        </div>
      ) : (
        <>
          <p className={styles.intro}>
            {staff
              ? 'Create an account for a patient. They sign in with the username and password you set here.'
              : 'Create your account to book appointments, see your insurance and earn reward points. You receive 5 welcome points.'}
          </p>
          <RegistrationForm key={formKey} onRegistered={setRegistered} />
        </>
      )}
    </section>
  );
}
