import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { LoginCard } from '../components/login-card';
import { LoginForm } from '../components/login-form';

export function StaffLoginPage() {
  useDocumentTitle('Staff Login');
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
