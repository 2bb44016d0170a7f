import type { PatientAuthorization } from '@clinic/contract/authorizations';
import { WORKLIST_DEFAULT_VISITS_LEFT } from '@clinic/contract/authorizations';
import type { CSSProperties } from 'react';
import styles from './visit-burn-down.module.css';

type BurnDown = Pick<PatientAuthorization, 'visits' | 'visitsUsed' | 'visitsScheduled' | 'visitsLeft'>;

const percent = (part: number, whole: number) => `${Math.min(100, (part / whole) * 100)}%`;

/** The sentence the bar stands for, so the burn-down is read as text, not from colour or length. */
export function burnDownSummary({ visits, visitsUsed, visitsScheduled, visitsLeft }: BurnDown): string {
  const counts = `${visitsUsed} used, ${visitsScheduled} scheduled`;
  if (visits === null) return `${counts}; no number of visits was authorized.`;
  return `${counts}, ${visitsLeft ?? 0} left of ${visits} authorized.`;
}

/**
 * An authorization's visits (docs/decisions/0029): authorized, used (completed), scheduled (live visits
 * booked on it) and left, as numbers, then a small bar whose parts are told apart by pattern as well as
 * colour, with the same counts in words under it.
 */
export function VisitBurnDown(props: BurnDown) {
  const { visits, visitsUsed, visitsScheduled, visitsLeft } = props;
  const few = visitsLeft !== null && visitsLeft <= WORKLIST_DEFAULT_VISITS_LEFT;
  const counts = [
    { term: 'Authorized', value: visits ?? 'No limit' },
    { term: 'Used', value: visitsUsed },
    { term: 'Scheduled', value: visitsScheduled },
    { term: 'Left', value: visitsLeft ?? '—' },
  ];
  return (
    <div className={styles.burnDown}>
      <dl className={styles.counts}>
        {counts.map(({ term, value }) => (
          <div key={term} className={styles.count} data-few={term === 'Left' && few ? true : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {visits !== null && visits > 0 ? (
        <div className={styles.bar} aria-hidden="true">
          <span className={styles.used} style={{ width: percent(visitsUsed, visits) } as CSSProperties} />
          <span
            className={styles.scheduled}
            style={{ width: percent(visitsScheduled, visits) } as CSSProperties}
          />
        </div>
      ) : null}
      <p className={styles.summary}>
        {burnDownSummary(props)}
        {few ? <strong className={styles.few}> Few visits left.</strong> : null}
      </p>
    </div>
  );
}
