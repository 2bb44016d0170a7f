import type { ReactNode } from 'react';
import styles from './form-card.module.css';

interface FormCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of an admin form page: the page's heading, a short intro, then the form. */
export function FormCard({ title, intro, children }: FormCardProps) {
  return (
    <section className={styles.card} aria-labelledby="form-card-title">
      <h1 id="form-card-title" className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}

/** A titled group of fields (a fieldset with its legend). */
export function FormSection({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Fields side by side on wide screens, one under the other on narrow ones. */
export function FormGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** The row of buttons at the end of a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
