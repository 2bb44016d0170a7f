import { RATING_MAX, RATING_MIN } from '@clinic/contract/constants';
import { useId } from 'react';
import { useFieldError } from '../../../components/form-field';
import styles from './score-field.module.css';

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

interface ScoreFieldProps {
  legend: string;
  /** Radios of one field share a name. */
  name: string;
  value: number | null;
  onChange: (score: number) => void;
  /** Shown under the legend, and listed (linked to the first score) in the form's error summary. */
  error?: string;
}

/**
 * A score from 1 to 10 as a row of radio buttons drawn as tiles (spec §9: whole numbers 1 to 10): arrow
 * keys move between them, and each says its number to a screen reader.
 */
export function ScoreField({ legend, name, value, onChange, error }: ScoreFieldProps) {
  const hintId = useId();
  const errorId = `${hintId}-error`;
  const firstId = `${hintId}-first`;
  const invalid = Boolean(error);
  useFieldError(firstId, legend, error);
  return (
    <fieldset
      className={styles.field}
      aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
      data-invalid={invalid || undefined}
    >
      <legend className={styles.legend}>
        {legend}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </legend>
      <p id={hintId} className={styles.hint}>
        {RATING_MIN} is the lowest, {RATING_MAX} the best.
      </p>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.scores}>
        {SCORES.map((score) => (
          <label key={score} className={styles.score}>
            <input
              id={score === RATING_MIN ? firstId : undefined}
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              aria-invalid={invalid || undefined}
              className={styles.radio}
            />
            <span className={styles.tile}>{score}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
