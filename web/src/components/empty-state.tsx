import type { ReactNode } from 'react';
import styles from './list-states.module.css';

/** What a page's list says when it has nothing to show (no patients, no rewards, no receipts). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
