import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './form-field.module.css';

/** The attributes a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
  className?: string;
}

interface FormFieldProps {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Renders the control (input, select, textarea) with the given props spread on it. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, the control, an optional hint and an optional error, wired for assistive technology. */
export function FormField({ label, hint, error, required, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        required,
        className: styles.input,
      })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<FormFieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'required' | 'children'>;

/** The common case: a labelled text input. */
export function TextField({ label, hint, error, required, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} required={required}>
      {(control) => <input {...inputProps} {...control} />}
    </FormField>
  );
}
