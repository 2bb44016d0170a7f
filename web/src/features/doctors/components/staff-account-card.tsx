import { MSG, msg } from '@clinic/contract/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateOwnAccount } from '../api/update-own-account';
import styles from './staff-profile-card.module.css';

interface StaffAccountCardProps {
  doctorId: number;
  username: string;
}

/**
 * A staff member's own sign-in details on the doctor dashboard (spec §5: 'Please enter a new username or
 * password.'): a new username, a new password, or both; a blank password keeps the current one.
 */
export function StaffAccountCard({ doctorId, username }: StaffAccountCardProps) {
  const [editing, setEditing] = useState(false);
  const [newUsername, setNewUsername] = useState(username);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateOwnAccount(doctorId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const changedName = newUsername.trim() !== username ? newUsername.trim() : '';
    if (!changedName && !password) {
      setProblem(MSG.newUsernameOrPassword);
      return;
    }
    setProblem(null);
    update.mutate(
      { ...(changedName ? { username: changedName } : {}), ...(password ? { password } : {}) },
      {
        onSuccess: () => {
          setSaved(true);
          setEditing(false);
          setPassword('');
        },
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby="account-title">
      <h2 id="account-title">Sign-in details</h2>
      {saved ? <StatusMessage tone="success">Your sign-in details are updated.</StatusMessage> : null}
      {editing ? (
        <Form
          onSubmit={submit}
          className={styles.form}
          error={problem ?? (update.isError ? msg.errorUpdatingAccount(errorMessage(update.error)) : null)}
          aria-label="Change sign-in details"
        >
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={newUsername}
            onChange={(event) => setNewUsername(event.target.value)}
          />
          <TextField
            label="New password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            hint={`${MSG.passwordHint} Leave it blank to keep your current password.`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save sign-in details'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setProblem(null);
                setNewUsername(username);
                setPassword('');
              }}
            >
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <div className={styles.view}>
          <dl className={styles.facts}>
            <dt>Username</dt>
            <dd>{username}</dd>
            <dt>Password</dt>
            <dd>••••••••</dd>
          </dl>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Change username or password
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
