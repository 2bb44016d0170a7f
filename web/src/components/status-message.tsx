import type { ReactNode } from 'react';
import styles from './status-message.module.css';

export type StatusTone = 'success' | 'error' | 'info';

interface StatusMessageProps {
  tone: StatusTone;
  children: ReactNode;
  className?: string;
}

/**
 * A message after an action. Errors are alerts (announced at once); the others are polite status
 * messages. Renders nothing without content.
 */
export function StatusMessage({ tone, children, className }: StatusMessageProps) {
  if (children === null || children === undefined || children === false || children === '') return null;
  const role = tone === 'error' ? 'alert' : 'status';
  return (
    <p role={role} className={[styles.message, styles[tone], className ?? ''].filter(Boolean).join(' ')}>
      {children}
    </p>
  );
}
