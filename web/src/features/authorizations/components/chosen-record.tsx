import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/button';
import { useFieldError } from '../../../components/form-field';
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
  /** Nothing chosen where a choice is required: shown here and in the form's error summary. */
  error?: string;
  /** What is chosen, for the error summary ('Patient'). */
  label?: string;
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
  error,
  label = chooseLabel,
}: ChosenRecordProps) {
  const id = useId();
  const buttonId = `${id}-choose`;
  const errorId = `${id}-error`;
  useFieldError(buttonId, label, error);
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <p id={id} className={styles.chosen} aria-live="polite">
          {children}
        </p>
        {hint ? <p className={styles.hint}>{hint}</p> : null}
        {error ? (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.buttons}>
        <Button
          id={buttonId}
          variant="secondary"
          aria-describedby={error ? `${id} ${errorId}` : id}
          aria-invalid={error ? true : undefined}
          onClick={onChoose}
          disabled={disabled}
        >
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
