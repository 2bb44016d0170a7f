import { Link } from 'react-router';
import { SignedInNotice, useSignedInOnArrival } from '../../../components/signed-in-notice';
import { useDocumentTitle } from '../../../lib/document-title';
import { LoginCard } from '../components/login-card';
import { LoginForm } from '../components/login-form';

export function StaffLoginPage() {
  useDocumentTitle('Staff Login');
  const signedIn = useSignedInOnArrival();
  if (signedIn) {
    return (
      <SignedInNotice title="Staff Login" session={signedIn}>
        Sign out first to sign in with another account.
      </SignedInNotice>
    );
  }
  return (
    <LoginCard
      title="Staff Login"
      intro="For doctors, therapists, front desk, managers and administrators of our clinics."
      footer={
        <p>
          Are you a patient? <Link to="/login/patient">Go to the patient login</Link>
        </p>
      }
    >
      <LoginForm kind="staff" />
    </LoginCard>
  );
}
