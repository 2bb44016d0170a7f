import { Link } from 'react-router';
import { SignedInNotice, useSignedInOnArrival } from '../../../components/signed-in-notice';
import { useDocumentTitle } from '../../../lib/document-title';
import { isImplementedPath } from '../../../lib/page-paths';
import { ForgotPassword } from '../components/forgot-password';
import { LoginCard } from '../components/login-card';
import { LoginForm } from '../components/login-form';

const REGISTER_PATH = '/register/patient';

export function PatientLoginPage() {
  useDocumentTitle('Patient Login');
  const signedIn = useSignedInOnArrival();
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
              New patient? <Link to={REGISTER_PATH}>Create your account</Link>
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
