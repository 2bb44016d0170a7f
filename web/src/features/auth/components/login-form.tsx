import { LOGIN_REDIRECT_MS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { ApiError } from '../../../lib/api-client';
import { type LoginKind, useLogin } from '../../../lib/login';
import { RETURN_PARAM, returnPathFrom } from '../../../lib/return-path';
import { useSessionEndNotice } from '../../../lib/session-end';
import styles from './login-form.module.css';
import { redirectTargetFor } from './login-redirect';

/**
 * What a refused sign-in says: the spec's 'Login failed' for wrong credentials, the server's own words when
 * it refuses for another reason the person can act on (429: how long to wait and how to reset the password).
 */
function loginFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 429 ? error.message : MSG.loginFailed;
}

export function LoginForm({ kind }: { kind: LoginKind }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const navigate = useNavigate();
  // Where the person was when they were asked to sign in (e.g. the booking form), if it is a page of ours.
  const returnTo = returnPathFrom(useSearchParams()[0].get(RETURN_PARAM));
  const loginMutation = useLogin(kind);
  // Why the last session ended by itself, if it did (spec §8 Session).
  const sessionNotice = useSessionEndNotice();

  useEffect(() => {
    if (redirectTo === null) return;
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      ...(username.trim() ? {} : { username: 'Enter your username.' }),
      ...(password ? {} : { password: 'Enter your password.' }),
    };
    setErrors(found);
    if (found.username || found.password) return;
    loginMutation.mutate(
      { username: username.trim(), password },
      { onSuccess: (result) => setRedirectTo(returnTo ?? redirectTargetFor(result.role)) },
    );
  };

  const busy = loginMutation.isPending || loginMutation.isSuccess;

  return (
    <Form
      className={styles.form}
      onSubmit={onSubmit}
      error={loginMutation.isError ? loginFailure(loginMutation.error) : null}
    >
      {sessionNotice && !loginMutation.isSuccess ? (
        <StatusMessage tone="info">{sessionNotice}</StatusMessage>
      ) : null}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        error={errors.username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {loginMutation.isSuccess ? <StatusMessage tone="success">{MSG.loginSuccessful}</StatusMessage> : null}
      <Button type="submit" block disabled={busy} aria-busy={loginMutation.isPending || undefined}>
        {loginMutation.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </Form>
  );
}
