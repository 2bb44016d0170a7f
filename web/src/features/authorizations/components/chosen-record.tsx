import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/button';
import styles from './chosen-record.module.css';

interface ChosenRecordProps {
  /** What is chosen, or what to do while nothing is. */
  children: ReactNode;
  /** The button that opens the popup to choose. */
  chooseLabel: string;
  onChoose: () => void;
  /** Offers to clear an optional choice. */
  onClear?: () => void;
  clearLabel?: string;
  disabled?: boolean;
  hint?: string;
}

/** A record chosen in a popup window (a patient, an insurance record): what is chosen, and the buttons. */
export function ChosenRecord({
  children,
  chooseLabel,
  onChoose,
  onClear,
  clearLabel = 'Remove',
  disabled = false,
  hint,
}: ChosenRecordProps) {
  const id = useId();
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <p id={id} className={styles.chosen} aria-live="polite">
          {children}
        </p>
        {hint ? <p className={styles.hint}>{hint}</p> : null}
      </div>
      <div className={styles.buttons}>
        <Button variant="secondary" aria-describedby={id} onClick={onChoose} disabled={disabled}>
          {chooseLabel}
        </Button>
        {onClear ? (
          <Button variant="secondary" aria-describedby={id} onClick={onClear}>
            {clearLabel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
