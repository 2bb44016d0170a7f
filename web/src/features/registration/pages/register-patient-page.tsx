import { LOGIN_REDIRECT_MS } from '@clinic/contract/constants';
import type { RegistrationResponse } from '@clinic/contract/patient-registration';
import { can } from '@clinic/contract/permissions';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { SignedInNotice, useSignedInOnArrival } from '../../../components/signed-in-notice';
import { StatusMessage } from '../../../components/status-message';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLogin } from '../../../lib/login';
import { RETURN_PARAM, returnPathFrom, withReturn } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { RegistrationForm } from '../components/registration-form';
import styles from './register-patient-page.module.css';

const DASHBOARD_PATH = '/dashboard/patient';

/** What a patient who registered themselves reads while, and after, they are signed in. */
function selfSignInText(status: 'idle' | 'pending' | 'success' | 'error', returning: boolean): string {
  if (status === 'success') {
    return returning
      ? 'Your account is ready and you are signed in. Taking you back…'
      : 'Your account is ready and you are signed in. Taking you to your dashboard…';
  }
  if (status === 'error') return 'Your account is ready. Sign in with your username and password.';
  return 'Your account is ready. Signing you in…';
}

/**
 * /register/patient (spec §2): patients create their own account, are signed in and go back to the page
 * they came from (?next=, e.g. the booking form) or their dashboard; staff register patients at the desk.
 */
export function RegisterPatientPage() {
  useDocumentTitle('Patient Registration');
  const session = useSession();
  const staff = can(session?.role, 'patient:register');
  const [registered, setRegistered] = useState<RegistrationResponse | null>(null);
  const [formKey, setFormKey] = useState(0);
  const doneRef = useRef<HTMLDivElement>(null);
  const signedIn = useSignedInOnArrival();
  // A patient who registers themselves is signed in and taken back to where they came from (issue 14).
  const returnTo = returnPathFrom(useSearchParams()[0].get(RETURN_PARAM));
  const signIn = useLogin('patient');
  const navigate = useNavigate();
  const destination = returnTo ?? DASHBOARD_PATH;

  useEffect(() => {
    if (registered) doneRef.current?.focus();
  }, [registered]);

  useEffect(() => {
    if (!signIn.isSuccess) return;
    const timer = setTimeout(() => navigate(destination, { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signIn.isSuccess, destination, navigate]);

  function onRegistered(result: RegistrationResponse, password: string) {
    setRegistered(result);
    if (!staff) signIn.mutate({ username: result.username, password });
  }

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
              : selfSignInText(signIn.status, returnTo !== null)}{' '}
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
            ) : signIn.isSuccess ? (
              <ButtonLink to={destination} replace>
                {returnTo ? 'Continue' : 'Go to your dashboard'}
              </ButtonLink>
            ) : signIn.isError ? (
              <ButtonLink to={withReturn('/login/patient', returnTo)}>Sign in</ButtonLink>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <p className={styles.intro}>
            {staff
              ? 'Create an account for a patient. They sign in with the username and password you set here.'
              : 'Create your account to book appointments, see your insurance and earn reward points. You receive 5 welcome points.'}
          </p>
          <RegistrationForm key={formKey} onRegistered={onRegistered} />
        </>
      )}
    </section>
  );
}
