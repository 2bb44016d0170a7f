import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import styles from './form-field.module.css';

/** A field's error as the form's error summary lists it: the message, linked to the control `id`. */
export interface FieldErrorEntry {
  id: string;
  label: string;
  message: ReactNode;
}

/** How a field tells the form around it (Form, form-card.tsx) about its error; null outside a Form. */
export const FieldErrorsContext = createContext<{
  report: (entry: FieldErrorEntry) => void;
  withdraw: (id: string) => void;
} | null>(null);

/**
 * Reports a field's error to the form's error summary while it is shown (issue 28). FormField does it for
 * its control; a field of its own (a group of radios, a chip list) calls it with its first control's id.
 */
export function useFieldError(id: string, label: string, error: ReactNode): void {
  const errors = useContext(FieldErrorsContext);
  const shown = error !== null && error !== undefined && error !== false && error !== '';
  // A text error is reported again when its words change; an element (a new object each render) only when
  // it appears, or the report would go round with every render.
  const key = !shown ? '' : typeof error === 'string' || typeof error === 'number' ? `text:${error}` : 'node';
  const latest = useRef(error);
  latest.current = error;
  useEffect(() => {
    if (!errors || key === '') return undefined;
    errors.report({ id, label, message: latest.current });
    return () => errors.withdraw(id);
  }, [errors, key, id, label]);
}

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
  useFieldError(id, label, error);

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
