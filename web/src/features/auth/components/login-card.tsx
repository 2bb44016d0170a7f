import type { ReactNode } from 'react';
import styles from './login-card.module.css';

interface LoginCardProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame both login pages share: heading, a short intro, the form and the links below it. */
export function LoginCard({ title, intro, children, footer }: LoginCardProps) {
  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{intro}</p>
      {children}
      <div className={styles.footer}>{footer}</div>
    </section>
  );
}
