import { acceptanceKind } from '@clinic/contract/insurance';
import styles from './acceptance-badge.module.css';

const SYMBOL = { yes: '✓', no: '✕', other: '!' } as const;

/** The words shown for an acceptance value: colour is never the only signal (§2: yes green, no red, else yellow). */
export function acceptanceLabel(acceptance: string): string {
  const kind = acceptanceKind(acceptance);
  if (kind === 'yes') return 'Accepted';
  if (kind === 'no') return 'Not accepted';
  const value = acceptance.trim();
  if (value.toLowerCase() === 'patient') return "Depends on the patient's plan";
  return value || 'Not stated';
}

export function AcceptanceBadge({ acceptance }: { acceptance: string }) {
  const kind = acceptanceKind(acceptance);
  return (
    <span className={`${styles.badge} ${styles[kind]}`}>
      <span aria-hidden="true" className={styles.symbol}>
        {SYMBOL[kind]}
      </span>
      <span className="visually-hidden">Acceptance: </span>
      <span>{acceptanceLabel(acceptance)}</span>
    </span>
  );
}
