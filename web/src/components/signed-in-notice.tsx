import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { dashboardPathFor } from '../lib/dashboard-path';
import { useDocumentTitle } from '../lib/document-title';
import { logout, useSession } from '../lib/session';
import type { StoredSession } from '../lib/session-storage';
import { Button, ButtonLink } from './button';
import styles from './signed-in-notice.module.css';

/**
 * The signed-in user when a sign-in or registration page opened, or null. Judged once, when the page
 * opens: signing in on the page itself must not swap its success message for this notice.
 */
export function useSignedInOnArrival(): StoredSession | null {
  const session = useSession();
  const [arrivedSignedIn] = useState(() => session !== null && session.role !== null);
  return arrivedSignedIn && session?.role ? session : null;
}

/**
 * What a sign-in or registration page shows to someone already signed in (issue 14): who they are, their
 * dashboard, and signing out, after which the page itself appears.
 */
export function SignedInNotice({
  title,
  session,
  children,
}: {
  title: string;
  session: StoredSession;
  /** What signing out first would let them do, e.g. 'Sign out first to register a new patient.' */
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    await logout();
    queryClient.clear();
  };
  return (
    <section className={styles.box} aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{title}</h1>
      <p role="status" className={styles.who}>
        You are signed in
        {session.username ? (
          <>
            {' '}
            as <strong>{session.username}</strong>
          </>
        ) : null}
        .
      </p>
      <p>{children}</p>
      <div className={styles.actions}>
        {session.role ? (
          <ButtonLink to={dashboardPathFor(session.role)}>Go to your dashboard</ButtonLink>
        ) : null}
        <Button variant="secondary" onClick={signOut} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </Button>
      </div>
    </section>
  );
}
