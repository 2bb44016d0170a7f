import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title';
import styles from './popup-page.module.css';

interface PopupPageProps {
  title: string;
  /** A line under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the spec's popup windows (routes outside the layout): one main landmark, the heading and a
 * Close button, sized for a 600x600 window.
 */
export function PopupPage({ title, intro, children }: PopupPageProps) {
  useDocumentTitle(title);
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
        <button type="button" className={styles.close} onClick={() => window.close()}>
          Close
        </button>
      </header>
      {children}
    </main>
  );
}
