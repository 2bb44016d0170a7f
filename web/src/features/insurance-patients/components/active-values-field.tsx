import { INSURANCE_ACTIVE_OPTIONS } from '@clinic/contract/constants';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import {
  activeValueLabel,
  addActiveValues,
  customActiveValues,
  defaultActiveValue,
  toggleActiveValue,
} from './active-values';
import styles from './active-values-field.module.css';

interface ActiveValuesFieldProps {
  values: readonly string[];
  /** What is typed in 'Other visit type' (kept by the form, so a submit saves it too). */
  draft: string;
  onChange: (next: { values: string[]; draft: string }) => void;
  /** The form's own finding about the values (a draft that cannot be added). */
  error?: string;
}

/**
 * The record's active values (spec §3, §9): the three defaults as checkboxes, and other visit types added
 * by name (Enter or Add; commas separate several) and shown as chips that can be removed.
 */
export function ActiveValuesField({ values, draft, onChange, error }: ActiveValuesFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const custom = customActiveValues(values);

  function add() {
    const result = addActiveValues(values, draft);
    if (result.problem !== null) {
      setProblem(result.problem);
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    onChange({ values: result.values, draft: '' });
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the value instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  function remove(value: string) {
    setProblem(null);
    onChange({ values: values.filter((v) => v !== value), draft });
    inputRef.current?.focus();
  }

  return (
    <fieldset className={styles.fieldset} aria-describedby={`${id}-hint`}>
      <legend className={styles.legend}>Active visit types</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        What this coverage pays for. The booking form offers these as types of visit for the patient.
      </p>
      <div className={styles.defaults}>
        {INSURANCE_ACTIVE_OPTIONS.map((option) => (
          <label key={option} className={styles.check}>
            <input
              type="checkbox"
              checked={values.some((value) => defaultActiveValue(value) === option)}
              onChange={(event) =>
                onChange({ values: toggleActiveValue(values, option, event.target.checked), draft })
              }
            />
            {activeValueLabel(option)}
          </label>
        ))}
      </div>

      <div className={styles.addRow}>
        <FormField
          label="Other visit type"
          hint="Press Enter or Add; commas separate several."
          error={shownError}
        >
          {(control) => (
            <input
              {...control}
              ref={inputRef}
              value={draft}
              autoComplete="off"
              onChange={(event) => {
                setProblem(null);
                onChange({ values: [...values], draft: event.target.value });
              }}
              onKeyDown={onKeyDown}
            />
          )}
        </FormField>
        <Button variant="secondary" className={styles.addButton} onClick={add}>
          Add
        </Button>
      </div>

      {custom.length > 0 ? (
        <ul className={styles.chips} aria-label="Other visit types">
          {custom.map((value) => (
            <li key={value} className={styles.chip}>
              <span>{value}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove ${value}`}
                onClick={() => remove(value)}
              >
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
