import { LOGIN_REDIRECT_MS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { TextField } from '../../../components/form-field';
import { StatusMessage, type StatusTone } from '../../../components/status-message';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLogin } from '../../../lib/login';
import { useRequestReset } from '../api/request-reset';
import { useVerifyCode } from '../api/verify-code';
import styles from './forgot-password.module.css';
import { redirectTargetFor } from './login-redirect';

interface Status {
  tone: StatusTone;
  text: string;
}

/** The failure text of a reset call: the server's message, else the spec's fallback. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? errorMessage(error) : fallback;
}

/**
 * The patient login's forgot-password flow (spec §2 Login, §8): ask for a code by username, then enter the
 * e-mailed code and a new password; on success the patient is signed in with it.
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'request' | 'verify'>('request');
  const [username, setUsername] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const [errors, setErrors] = useState<{ username?: string; code?: string; newPassword?: string }>({});
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const panelId = useId();
  const headingId = useId();
  const navigate = useNavigate();
  const requestReset = useRequestReset();
  const verifyCode = useVerifyCode();
  const login = useLogin('patient');

  useEffect(() => {
    if (redirectTo === null) return;
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = username.trim() ? {} : { username: 'Enter your username.' };
    setErrors(found);
    if (found.username) return;
    setStatus({ tone: 'info', text: MSG.requestingResetCode });
    requestReset.mutate(username.trim(), {
      onSuccess: () => {
        setStatus({ tone: 'success', text: MSG.verificationCodeSent });
        setStep('verify');
      },
      onError: (error) => setStatus({ tone: 'error', text: failureText(error, MSG.failedToSendResetCode) }),
    });
  };

  const onVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      ...(/^\d{6}$/.test(code.trim()) ? {} : { code: 'Enter the 6 digits from the e-mail.' }),
      ...(newPassword ? {} : { newPassword: 'Enter a new password.' }),
    };
    setErrors(found);
    if (found.code || found.newPassword) return;
    const name = username.trim();
    setStatus({ tone: 'info', text: MSG.resettingPassword });
    verifyCode.mutate(
      { username: name, code: code.trim(), newPassword },
      {
        onSuccess: () => {
          setStatus({ tone: 'success', text: MSG.passwordResetSuccessful });
          login.mutate(
            { username: name, password: newPassword },
            {
              onSuccess: (result) => {
                setStatus({ tone: 'success', text: MSG.loginSuccessful });
                setRedirectTo(redirectTargetFor(result.role));
              },
              onError: () => setStatus({ tone: 'error', text: MSG.loginFailed }),
            },
          );
        },
        onError: (error) => setStatus({ tone: 'error', text: failureText(error, MSG.failedToResetPassword) }),
      },
    );
  };

  const busy = requestReset.isPending || verifyCode.isPending || login.isPending || redirectTo !== null;

  return (
    <div className={styles.forgot}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Forgot your password?
      </button>
      {open ? (
        <section id={panelId} className={styles.panel} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.heading}>
            Reset your password
          </h2>
          {step === 'request' ? (
            <Form onSubmit={onRequest} error={status?.tone === 'error' ? status.text : null}>
              <p className={styles.explain}>
                Enter your username and we will e-mail a 6-digit verification code to the address on your
                account.
              </p>
              <TextField
                label="Username"
                name="reset-username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={username}
                error={errors.username}
                onChange={(event) => setUsername(event.target.value)}
              />
              {status && status.tone !== 'error' ? (
                <StatusMessage tone={status.tone}>{status.text}</StatusMessage>
              ) : null}
              <Button type="submit" variant="secondary" block disabled={busy}>
                Send verification code
              </Button>
            </Form>
          ) : (
            <Form onSubmit={onVerify} error={status?.tone === 'error' ? status.text : null}>
              <TextField
                label="Verification code"
                name="reset-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\s*\d{6}\s*"
                maxLength={12}
                hint="The 6 digits from the e-mail; the code is valid for 10 minutes."
                required
                value={code}
                error={errors.code}
                onChange={(event) => setCode(event.target.value)}
              />
              <TextField
                label="New password"
                name="new-password"
                type="password"
                autoComplete="new-password"
                hint={MSG.passwordHint}
                required
                value={newPassword}
                error={errors.newPassword}
                onChange={(event) => setNewPassword(event.target.value)}
              />
              {status && status.tone !== 'error' ? (
                <StatusMessage tone={status.tone}>{status.text}</StatusMessage>
              ) : null}
              <Button type="submit" block disabled={busy}>
                Reset password
              </Button>
              <button
                type="button"
                className={styles.toggle}
                disabled={busy}
                onClick={() => {
                  setStep('request');
                  setStatus(null);
                  setCode('');
                }}
              >
                Send a new code
              </button>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
