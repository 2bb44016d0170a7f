import {
  DEFAULT_STAFF_REGISTRATION_ROLE,
  STAFF_SPECIALTY_OPTIONS,
  type StaffRegistrationRole,
} from '@clinic/contract/doctors';
import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard, FormGrid, FormSection } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useOfficeOptions } from '../api/get-office-options';
import { useRegisterStaff } from '../api/register-staff';
import { useUpdateDoctorDetails } from '../api/update-doctor-details';
import { StaffDetailsFields } from '../components/staff-details-fields';
import {
  NO_PROGRESS,
  progressMessages,
  runStaffRegistration,
  type StaffForm,
  type StaffFormErrors,
  type StaffRegistrationProgress,
  validateStaffForm,
} from '../components/staff-registration';
import styles from './register-staff-page.module.css';

const TITLE = 'Register Staff';

const ROLE_OPTIONS: { value: StaffRegistrationRole; label: string }[] = [
  { value: 'FRONTDESK', label: 'Front desk' },
  { value: 'DOCTOR', label: 'Doctor' },
  { value: 'MANAGER', label: 'Manager' },
];

const EMPTY_FORM: StaffForm = {
  role: DEFAULT_STAFF_REGISTRATION_ROLE,
  username: '',
  password: '',
  officeId: '',
  firstName: '',
  lastName: '',
  specialty: 'Physical Therapist',
  bio: '',
  doctorPicture: '',
};

/** /register/staff (ADMIN only, §6): credentials, then the doctor record, then the profile details. */
export function RegisterStaffPage() {
  const session = useSession();
  if (!can(session?.role, 'staff:register')) {
    return (
      <AccessDenied title={TITLE} reason="Only administrators can register staff." signedOut={!session} />
    );
  }
  return <StaffRegistration />;
}

function StaffRegistration() {
  useDocumentTitle(TITLE);
  const offices = useOfficeOptions();
  const register = useRegisterStaff();
  const updateDetails = useUpdateDoctorDetails();
  const [form, setForm] = useState<StaffForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const [progress, setProgress] = useState<StaffRegistrationProgress>(NO_PROGRESS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const registered = progress.registered;
  const done = progress.detailsSaved;
  const set = <K extends keyof StaffForm>(key: K, value: StaffForm[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateStaffForm(form, progress);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await runStaffRegistration(
        form,
        progress,
        {
          register: (input) => register.mutateAsync(input),
          updateDetails: (doctorId, details) => updateDetails.mutateAsync({ doctorId, details }),
        },
        setProgress,
      );
    } catch (error) {
      setFailure(msg.error(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  }

  function startOver() {
    setForm(EMPTY_FORM);
    setErrors({});
    setProgress(NO_PROGRESS);
    setFailure(null);
  }

  const messages = progressMessages(progress);

  return (
    <FormCard
      title={TITLE}
      intro="Create the sign-in account and the staff record of a new doctor, therapist, front-desk or manager. Records with a therapy specialty appear in the public care-team directory. For an account made with Create Account, enter its username: it gets its staff record and keeps its own password."
    >
      <Form onSubmit={onSubmit} error={failure}>
        <FormSection legend="Step 1: Sign-in credentials">
          <FormGrid>
            <FormField label="Role" required>
              {(control) => (
                <select
                  {...control}
                  value={form.role}
                  disabled={Boolean(registered)}
                  onChange={(event) => {
                    const role = event.target.value as StaffRegistrationRole;
                    set('role', role);
                    if (role === 'FRONTDESK') set('specialty', 'FRONT_DESK');
                  }}
                >
                  {ROLE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              label="Office"
              required
              error={errors.officeId ?? (offices.isError ? errorMessage(offices.error) : undefined)}
            >
              {(control) => (
                <select
                  {...control}
                  value={form.officeId}
                  disabled={Boolean(registered)}
                  onChange={(event) => set('officeId', event.target.value)}
                >
                  <option value="">{offices.isPending ? 'Loading offices…' : 'Choose an office'}</option>
                  {(offices.data ?? []).map((office) => (
                    <option key={office.officeId} value={office.officeId}>
                      {office.officeName}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <TextField
              label="Username"
              required
              autoComplete="off"
              value={form.username}
              readOnly={Boolean(registered)}
              error={errors.username}
              onChange={(event) => set('username', event.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              required
              autoComplete="new-password"
              hint={MSG.passwordHint}
              value={form.password}
              readOnly={Boolean(registered)}
              error={errors.password}
              onChange={(event) => set('password', event.target.value)}
            />
          </FormGrid>
        </FormSection>

        <FormSection legend="Step 2: Staff record">
          <FormGrid>
            <TextField
              label="First name"
              required
              autoComplete="off"
              value={form.firstName}
              error={errors.firstName}
              onChange={(event) => set('firstName', event.target.value)}
            />
            <TextField
              label="Last name"
              required
              autoComplete="off"
              value={form.lastName}
              error={errors.lastName}
              onChange={(event) => set('lastName', event.target.value)}
            />
            <FormField label="Specialty" required>
              {(control) => (
                <select
                  {...control}
                  value={form.specialty}
                  onChange={(event) => set('specialty', event.target.value)}
                >
                  {STAFF_SPECIALTY_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </FormGrid>
        </FormSection>

        <FormSection legend="Step 3: Profile details">
          <StaffDetailsFields
            bio={form.bio}
            doctorPicture={form.doctorPicture}
            onBio={(bio) => set('bio', bio)}
            onPicture={(name) => set('doctorPicture', name)}
            uploadPrefix={form.username.trim() || 'staff'}
          />
        </FormSection>

        <div aria-live="polite">
          {messages.length > 0 ? (
            <ol className={styles.progress} aria-label="Registration progress">
              {messages.map((text) => (
                <li key={text} className={styles.step}>
                  <span aria-hidden="true" className={styles.check}>
                    ✓
                  </span>
                  {text}
                </li>
              ))}
            </ol>
          ) : null}
          {registered && !done && failure ? (
            <p className={styles.resume}>
              The account and staff record exist. Send the form again to finish the profile details.
            </p>
          ) : null}
          {done && registered ? (
            <StatusMessage tone="success">
              {`${registered.firstName} ${registered.lastName} can now sign in at the staff login as “${registered.username}”.`}
            </StatusMessage>
          ) : null}
        </div>

        <FormActions>
          {done ? (
            <>
              <Button onClick={startOver}>Register another staff member</Button>
              <Link to="/staff">View the care team</Link>
            </>
          ) : (
            <Button type="submit" disabled={busy}>
              {busy ? 'Registering…' : registered ? 'Finish registration' : 'Register staff member'}
            </Button>
          )}
        </FormActions>
      </Form>
    </FormCard>
  );
}
