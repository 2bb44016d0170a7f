import { MSG } from '@clinic/contract/messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import styles from './access-denied.module.css';

interface AccessDeniedProps {
  /** The page's name, kept as the heading so the page still says where the visitor is. */
  title: string;
  /** Who may use the page, e.g. 'Only administrators can register staff.' */
  reason: string;
  /** Offer the staff login to a visitor who is signed out. */
  signedOut?: boolean;
}

/** What a page shows to someone whose role may not use it (the server refuses its calls too). */
export function AccessDenied({ title, reason, signedOut = false }: AccessDeniedProps) {
  useDocumentTitle(title);
  return (
    <section className={styles.box} aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">{title}</h1>
      <p className={styles.denied} role="alert">
        {MSG.accessDenied}
      </p>
      <p>{reason}</p>
      {signedOut ? (
        <p>
          <Link to="/login/doctor">Sign in as staff</Link>
        </p>
      ) : null}
    </section>
  );
}
