import type { Account } from '@clinic/contract/auth';
import { MSG } from '@clinic/contract/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { useEditAccount } from '../api/edit-account';
import { useAccounts } from '../api/list-accounts';
import styles from './accounts.module.css';
import { RoleOptions, roleLabel } from './role-options';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The staff accounts with edit (new password, new role) and delete, showing the server's answers. */
export function AccountsList({ currentUsername }: { currentUsername: string | null }) {
  const accounts = useAccounts(true);
  const [editing, setEditing] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <section className={styles.listSection} aria-labelledby="accounts-heading">
      <h2 id="accounts-heading" className={styles.sectionTitle}>
        Staff accounts
      </h2>
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      {accounts.isPending ? <p role="status">Loading accounts…</p> : null}
      {accounts.isError ? (
        <StatusMessage tone="error">{`Failed to load accounts: ${errorMessage(accounts.error)}`}</StatusMessage>
      ) : null}
      {accounts.isSuccess ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {accounts.items.map((account) => (
                <tr key={account.id}>
                  <th scope="row">
                    {account.username}
                    {account.username === currentUsername ? <span className={styles.you}> (you)</span> : null}
                  </th>
                  <td data-label="Role">{roleLabel(account.role)}</td>
                  <td data-label="Created">{new Date(account.createdAt).toLocaleDateString()}</td>
                  <td className={styles.rowActions}>
                    <Button variant="secondary" onClick={() => setEditing(account)}>
                      Edit<span className="visually-hidden"> {account.username}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      className={styles.danger}
                      onClick={() => setDeleting(account)}
                    >
                      Delete<span className="visually-hidden"> {account.username}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {accounts.hasNextPage ? (
            <Button variant="secondary" onClick={accounts.loadMore} disabled={accounts.isFetchingNextPage}>
              {accounts.isFetchingNextPage ? 'Loading…' : 'Show more accounts'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <EditAccountDialog
          account={editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setNotice({ tone: 'success', text });
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteAccountDialog
          account={deleting}
          onClose={() => setDeleting(null)}
          onDone={(result) => {
            setDeleting(null);
            setNotice(result);
          }}
        />
      ) : null}
    </section>
  );
}

function EditAccountDialog({
  account,
  onClose,
  onSaved,
}: {
  account: Account;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const [newPassword, setNewPassword] = useState('');
  const [newRole, setNewRole] = useState<string>(account.role);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditAccount();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const roleChanged = newRole !== account.role;
    if (!newPassword && !roleChanged) {
      setError('Enter a new password or choose a new role.');
      return;
    }
    edit.mutate(
      {
        username: account.username,
        ...(newPassword ? { newPassword } : {}),
        ...(roleChanged ? { newRole } : {}),
      },
      {
        onSuccess: () => onSaved(`Account "${account.username}" updated.`),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Modal open onClose={onClose} title={`Edit ${account.username}`} size="small">
      <Form onSubmit={onSubmit} error={error}>
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint={`${MSG.passwordHint} Leave empty to keep the current one.`}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <FormField label="New role">
          {(control) => (
            <select
              {...control}
              name="newRole"
              value={newRole}
              onChange={(event) => setNewRole(event.target.value)}
            >
              <RoleOptions />
            </select>
          )}
        </FormField>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={edit.isPending}>
            Save
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

function DeleteAccountDialog({
  account,
  onClose,
  onDone,
}: {
  account: Account;
  onClose: () => void;
  onDone: (result: Notice) => void;
}) {
  const remove = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      title="Delete account?"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(account.username, {
          onSuccess: () => onDone({ tone: 'success', text: `Account "${account.username}" deleted.` }),
          onError: (failure) => setError(errorMessage(failure)),
        })
      }
    >
      <p>
        Delete the account <strong>{account.username}</strong> ({roleLabel(account.role)})? It can no longer
        sign in, and this cannot be undone.
      </p>
      {error ? <StatusMessage tone="error">{error}</StatusMessage> : null}
    </ConfirmDialog>
  );
}
