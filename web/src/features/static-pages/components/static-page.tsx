import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import styles from './static-page.module.css';

/** The date the terms, privacy and contact texts were last revised (spec §2 Static pages). */
export const LAST_UPDATED = 'June 8th 2025';

interface StaticPageProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

export function StaticPage({ title, intro, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <article className={styles.page} aria-labelledby="static-page-title">
      <header className={styles.header}>
        <h1 id="static-page-title">{title}</h1>
        <p className={styles.updated}>Last updated: {LAST_UPDATED}</p>
        <div className={styles.intro}>{intro}</div>
      </header>
      <div className={styles.body}>{children}</div>
    </article>
  );
}
