import { Link, useSearchParams } from 'react-router';
import { SignedInNotice, useSignedInOnArrival } from '../../../components/signed-in-notice';
import { useDocumentTitle } from '../../../lib/document-title';
import { isImplementedPath } from '../../../lib/page-paths';
import { RETURN_PARAM, withReturn } from '../../../lib/return-path';
import { ForgotPassword } from '../components/forgot-password';
import { LoginCard } from '../components/login-card';
import { LoginForm } from '../components/login-form';

const REGISTER_PATH = '/register/patient';

export function PatientLoginPage() {
  useDocumentTitle('Patient Login');
  const signedIn = useSignedInOnArrival();
  // A new patient who came to sign in from a page (e.g. booking) registers and comes back to it.
  const next = useSearchParams()[0].get(RETURN_PARAM);
  if (signedIn) {
    return (
      <SignedInNotice title="Patient Login" session={signedIn}>
        Sign out first to sign in with another account.
      </SignedInNotice>
    );
  }
  return (
    <LoginCard
      title="Patient Login"
      intro="Sign in to book appointments, see your insurance and authorizations, and use your reward points."
      footer={
        <>
          {/* Shown once the registration page is built, like the navigation's items. */}
          {isImplementedPath(REGISTER_PATH) ? (
            <p>
              New patient? <Link to={withReturn(REGISTER_PATH, next)}>Create your account</Link>
            </p>
          ) : null}
          <p>
            Staff member? <Link to="/login/doctor">Go to the staff login</Link>
          </p>
        </>
      }
    >
      <LoginForm kind="patient" />
      <ForgotPassword />
    </LoginCard>
  );
}
