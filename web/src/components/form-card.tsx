import {
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import styles from './form-card.module.css';
import { type FieldErrorEntry, FieldErrorsContext } from './form-field';

interface FormCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of an admin form page: the page's heading, a short intro, then the form. */
export function FormCard({ title, intro, children }: FormCardProps) {
  return (
    <section className={styles.card} aria-labelledby="form-card-title">
      <h1 id="form-card-title" className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}

/** A titled group of fields (a fieldset with its legend). */
export function FormSection({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Fields side by side on wide screens, one under the other on narrow ones. */
export function FormGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** The row of buttons at the end of a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** Called on submit, the browser's own validation and submission held back (the form shows its errors). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The server's refusal or failure of the last submit, listed first in the error summary. */
  error?: ReactNode;
  /** For a form that also reaches its element (to focus its first field when it opens). */
  formRef?: RefObject<HTMLFormElement | null>;
  children: ReactNode;
};

const isShown = (node: ReactNode) => node !== null && node !== undefined && node !== false && node !== '';

/** Entries in the order their controls have on the page (an id no longer on the page goes last). */
function inPageOrder(entries: Iterable<FieldErrorEntry>): FieldErrorEntry[] {
  return [...entries].sort((a, b) => {
    const x = document.getElementById(a.id);
    const y = document.getElementById(b.id);
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * Every form of the app (issue 28; the GOV.UK error summary pattern). A submit that leaves fields in error
 * puts a summary at the top of the form, 'There is a problem', listing each error as a link that focuses
 * its field, and moves focus to the first invalid field; a server's refusal (`error`) is listed too, and
 * focus goes to the summary. The fields report their errors themselves (FormField, useFieldError), so a
 * form only validates and sets its fields' errors as before.
 */
export function Form({ onSubmit, error, formRef: givenRef, children, ...formProps }: FormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [entries, setEntries] = useState<ReadonlyMap<string, FieldErrorEntry>>(() => new Map());
  const [attempts, setAttempts] = useState(0);

  const report = useCallback((entry: FieldErrorEntry) => {
    setEntries((current) => new Map(current).set(entry.id, entry));
  }, []);
  const withdraw = useCallback((id: string) => {
    setEntries((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);
  const registry = useMemo(() => ({ report, withdraw }), [report, withdraw]);

  // After a submit has rendered its errors, focus goes to the first field marked invalid.
  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  // A server refusal arrives later, with no field to go to: focus goes to the summary that names it.
  const serverError = isShown(error);
  useEffect(() => {
    if (serverError) summaryRef.current?.focus();
  }, [serverError]);

  const fieldErrors = attempts > 0 ? inPageOrder(entries.values()) : [];
  const hasProblem = serverError || fieldErrors.length > 0;

  return (
    <form
      {...formProps}
      ref={(element) => {
        formRef.current = element;
        if (givenRef) (givenRef as { current: HTMLFormElement | null }).current = element;
      }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAttempts((n) => n + 1);
        onSubmit(event);
      }}
    >
      {hasProblem ? (
        <div ref={summaryRef} className={styles.summary} role="alert" aria-labelledby={titleId} tabIndex={-1}>
          <h2 id={titleId} className={styles.summaryTitle}>
            There is a problem
          </h2>
          <ul className={styles.summaryList}>
            {serverError ? <li>{error}</li> : null}
            {fieldErrors.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${entry.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    const field = document.getElementById(entry.id);
                    field?.scrollIntoView({ block: 'center' });
                    field?.focus();
                  }}
                >
                  {entry.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FieldErrorsContext.Provider value={registry}>{children}</FieldErrorsContext.Provider>
    </form>
  );
}
