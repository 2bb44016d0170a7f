import { type ReactNode, useId } from 'react';
import styles from './dashboard-panel.module.css';

interface DashboardPanelProps {
  title: string;
  /** Buttons beside the title (Edit, ...). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One card of the patient dashboard: a titled region, so each panel is a landmark screen readers can jump to. */
export function DashboardPanel({ title, actions, children, className }: DashboardPanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={[styles.panel, className ?? ''].filter(Boolean).join(' ')}
    >
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
