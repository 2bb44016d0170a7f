import { MSG, msg } from '@clinic/contract/messages';
import {
  checkAccountChanges,
  type FieldErrors,
  hasAccountChanges,
  normalizeAccountChanges,
  type PatientAccountField,
} from '@clinic/contract/patient-details';
import type { Patient } from '@clinic/contract/patients';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useUpdatePatientAccount } from '../api/update-patient-account';
import styles from './patient-forms.module.css';

interface PatientAccountFormProps {
  patient: Patient;
  onSaved: () => void;
  onCancel: () => void;
}

const NOTHING_CHANGED = 'Change the username, the password or the email first.';

/** The patient's sign-in details: only what changed is sent; a blank password keeps the current one. */
export function PatientAccountForm({ patient, onSaved, onCancel }: PatientAccountFormProps) {
  const [username, setUsername] = useState(patient.username ?? '');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState(patient.email);
  const [errors, setErrors] = useState<FieldErrors<PatientAccountField>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useUpdatePatientAccount(patient.patientId);

  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = normalizeAccountChanges({ username, password, email });
    const changes = {
      username: typed.username !== (patient.username ?? '') ? typed.username : '',
      password: typed.password,
      email: typed.email.toLowerCase() !== patient.email.toLowerCase() ? typed.email : '',
    };
    const found = checkAccountChanges(changes);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!hasAccountChanges(changes)) {
      setNotice(NOTHING_CHANGED);
      return;
    }
    setNotice(null);
    mutation.mutate(changes, { onSuccess: onSaved });
  };

  return (
    <Form
      formRef={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      error={mutation.isError ? msg.errorUpdatingAccount(errorMessage(mutation.error)) : null}
      aria-label="Edit account"
    >
      <div className={styles.grid}>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={errors.username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`${MSG.passwordHint} Leave it blank to keep your current password.`}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {notice ? <StatusMessage tone="info">{notice}</StatusMessage> : null}
      <div className={styles.buttons}>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? 'Saving…' : 'Save account'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
