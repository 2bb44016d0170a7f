import { SEX_OPTIONS } from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import {
  checkPatientDetails,
  type FieldErrors,
  normalizePatientDetails,
  type PatientDetails,
  type PatientDetailsField,
  todayIso,
} from '@clinic/contract/patient-details';
import type { Patient } from '@clinic/contract/patients';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useUpdatePatientDetails } from '../api/update-patient-details';
import styles from './patient-forms.module.css';

interface PatientDetailsFormProps {
  patient: Patient;
  onSaved: () => void;
  onCancel: () => void;
}

function initialDetails(patient: Patient): PatientDetails {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    email: patient.email,
    phoneNumber: patient.phoneNumber,
    dateOfBirth: patient.dateOfBirth,
    sex: patient.sex,
    notes: patient.notes ?? '',
  };
}

/** The patient edits their own details, with the registration rules (checked here and on the server). */
export function PatientDetailsForm({ patient, onSaved, onCancel }: PatientDetailsFormProps) {
  const [values, setValues] = useState<PatientDetails>(() => initialDetails(patient));
  const [errors, setErrors] = useState<FieldErrors<PatientDetailsField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useUpdatePatientDetails(patient);

  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);

  const field = (name: PatientDetailsField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const details = normalizePatientDetails(values);
    const found = checkPatientDetails(details, todayIso());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(details, { onSuccess: onSaved });
  };

  const { value: sexValue, error: sexError, onChange: onSexChange } = field('sex');
  const { value: notesValue, error: notesError, onChange: onNotesChange } = field('notes');

  return (
    <Form
      formRef={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      error={mutation.isError ? msg.errorSavingDetails(errorMessage(mutation.error)) : null}
      aria-label="Edit details"
    >
      <div className={styles.grid}>
        <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" required {...field('phoneNumber')} />
        <TextField
          label="Date of birth"
          hint={MSG.dateHint}
          inputMode="numeric"
          autoComplete="bday"
          placeholder="YYYY-MM-DD"
          required
          {...field('dateOfBirth')}
        />
        <FormField label="Sex" required error={sexError}>
          {(control) => (
            <select {...control} name="sex" value={sexValue} onChange={onSexChange}>
              {sexValue === '' ? <option value="">Choose…</option> : null}
              {SEX_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label="Notes" error={notesError}>
        {(control) => (
          <textarea {...control} name="notes" rows={3} value={notesValue} onChange={onNotesChange} />
        )}
      </FormField>
      <div className={styles.buttons}>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? 'Saving…' : 'Save details'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
