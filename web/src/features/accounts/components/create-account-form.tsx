import { MSG } from '@clinic/contract/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useCreateAccount } from '../api/create-account';
import styles from './accounts.module.css';
import { RoleOptions } from './role-options';

/** 'Create Account' (spec §2): username, password and role of a new staff account. */
export function CreateAccountForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<{ username?: string; password?: string; role?: string }>({});
  const create = useCreateAccount();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const found = {
      ...(username.trim() ? {} : { username: 'Enter a username.' }),
      ...(password ? {} : { password: 'Enter a password.' }),
      ...(role ? {} : { role: 'Choose a role.' }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { username: username.trim(), password, role },
      {
        onSuccess: (account) => {
          setResult({ tone: 'success', text: `Account "${account.username}" created.` });
          setUsername('');
          setPassword('');
          setRole('');
        },
        onError: (error) => setResult({ tone: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <Form
      className={styles.createForm}
      onSubmit={onSubmit}
      error={result?.tone === 'error' ? result.text : null}
    >
      <div className={styles.fields}>
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
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
          autoComplete="new-password"
          required
          minLength={8}
          hint={MSG.passwordHint}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormField label="Role" required error={errors.role}>
          {(control) => (
            <select {...control} name="role" value={role} onChange={(event) => setRole(event.target.value)}>
              <option value="">Select a role…</option>
              <RoleOptions />
            </select>
          )}
        </FormField>
      </div>
      {result?.tone === 'success' ? <StatusMessage tone="success">{result.text}</StatusMessage> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create Account'}
      </Button>
    </Form>
  );
}
