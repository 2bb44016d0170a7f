import { SEX_OPTIONS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import {
  type RegistrationField,
  type RegistrationResponse,
  validateRegistration,
} from '@clinic/contract/patient-registration';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { type RegistrationInput, useRegisterPatient } from '../api/register-patient';
import { CaptchaDialog } from './captcha-dialog';
import styles from './registration-form.module.css';

const EMPTY: RegistrationInput = {
  username: '',
  password: '',
  email: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  phoneNumber: '',
  sex: '',
  notes: '',
  honeypot: '',
};

/** The server's words shown as they are (spec §5); anything else is 'Error: {message}'. */
const VERBATIM: readonly string[] = [
  MSG.duplicateEmail,
  MSG.duplicateUsername,
  MSG.submissionRejected,
  MSG.reviewDetails,
];

function failureText(error: unknown): string {
  const text = errorMessage(error);
  return VERBATIM.includes(text) ? text : `Error: ${text}`;
}

function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface RegistrationFormProps {
  /** After the account exists; the password sent lets the page sign a patient who registered themselves in. */
  onRegistered: (result: RegistrationResponse, password: string) => void;
}

/**
 * The patient registration form (spec §2, §5): every field but notes required, values trimmed, the hints
 * of §5, a honeypot only bots fill in, and the anti-bot headers. When the server asks for a captcha the
 * challenge opens, and once it is passed the registration is sent again by itself (spec §4).
 */
export function RegistrationForm({ onRegistered }: RegistrationFormProps) {
  const [values, setValues] = useState<RegistrationInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  // When the form appeared: the server refuses forms sent within 3 s (spec §9).
  const shownAt = useRef({ epoch: Date.now(), monotonic: performance.now() });
  const waiting = useRef<RegistrationInput | null>(null);
  const register = useRegisterPatient();

  const set = (field: keyof RegistrationInput) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const send = (input: RegistrationInput, afterCaptcha: boolean) => {
    waiting.current = input;
    setFailure(null);
    register.mutate(
      {
        input,
        timing: {
          formStart: shownAt.current.epoch,
          pageElapsed: performance.now() - shownAt.current.monotonic,
        },
      },
      {
        onSuccess: (result) => {
          waiting.current = null;
          onRegistered(result, input.password);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.action === 'captcha_required') {
            if (afterCaptcha) setFailure(MSG.captchaTryAgain);
            else setCaptchaOpen(true);
            return;
          }
          setFailure(failureText(error));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = validateRegistration(values, { today: localToday(), checkPasswordLength: false });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    send({ ...check.value, honeypot: values.honeypot }, false);
  };

  const busy = register.isPending;

  return (
    <Form className={styles.form} onSubmit={onSubmit} error={failure}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Your account</legend>
        <div className={styles.grid}>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={values.username}
            onChange={set('username')}
            error={errors.username}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={MSG.passwordHint}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>About you</legend>
        <div className={styles.grid}>
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
          <TextField
            label="Date of birth"
            name="dateOfBirth"
            autoComplete="bday"
            inputMode="numeric"
            placeholder="YYYY-MM-DD"
            required
            hint={MSG.dateHint}
            value={values.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errors.dateOfBirth}
          />
          <FormField label="Sex" required error={errors.sex}>
            {(control) => (
              <select {...control} name="sex" value={values.sex} onChange={set('sex')}>
                <option value="">Select…</option>
                {SEX_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextField
            label="Phone number"
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            required
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            error={errors.phoneNumber}
          />
        </div>
        <FormField label="Notes (optional)" error={errors.notes}>
          {(control) => (
            <textarea {...control} name="notes" rows={3} value={values.notes} onChange={set('notes')} />
          )}
        </FormField>
      </fieldset>

      {/* Only bots fill this in: hidden from sight, from screen readers and from the tab order. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor="registration-website">Leave this field empty</label>
        <input
          id="registration-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.honeypot}
          onChange={set('honeypot')}
        />
      </div>

      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>

      <CaptchaDialog
        open={captchaOpen}
        onPassed={() => {
          setCaptchaOpen(false);
          if (waiting.current) send(waiting.current, true);
        }}
        onClose={() => {
          setCaptchaOpen(false);
          setFailure(MSG.captchaTryAgain);
        }}
      />
    </Form>
  );
}
