import { can } from '@clinic/contract/permissions';
import { AccessDenied } from '../../../components/access-denied';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { AccountsList } from '../components/accounts-list';
import { CreateAccountForm } from '../components/create-account-form';
import styles from './create-account-page.module.css';

const TITLE = 'Create Account';

/** /register/admin (spec §2 'Create Account'): ADMIN creates, lists, edits and deletes staff accounts. */
export function CreateAccountPage() {
  const session = useSession();
  if (!can(session?.role, 'account:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators can manage staff accounts."
        signedOut={session === null}
      />
    );
  }
  return <AccountsManager currentUsername={session?.username ?? null} />;
}

function AccountsManager({ currentUsername }: { currentUsername: string | null }) {
  useDocumentTitle(TITLE);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{TITLE}</h1>
      <p className={styles.intro}>
        Staff accounts sign in at the staff login. Patients create their own accounts when they register.
      </p>
      <CreateAccountForm />
      <AccountsList currentUsername={currentUsername} />
    </div>
  );
}
