import type { PatientAuthorization } from '@clinic/contract/authorizations';
import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';
import { msg } from '@clinic/contract/messages';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Form, FormActions } from '../../../components/form-card';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { longDate } from '../../../lib/date-text';
import { useEditAuthorization } from '../api/edit-authorization';
import { useAuthorizationCombiners } from '../api/get-authorization-combiners';
import styles from './authorization-card.module.css';
import { AuthorizationFields } from './authorization-fields';
import {
  type AuthorizationFormErrors,
  authorizationBody,
  authorizationFormValues,
  validateAuthorizationForm,
} from './authorization-form';
import type { SetCode } from './code-set-field';
import { VisitBurnDown } from './visit-burn-down';

interface AuthorizationCardProps {
  authorization: PatientAuthorization;
  /** ADMIN (spec §6): Edit and Delete. */
  editable: boolean;
  onDelete: () => void;
  onSaved: () => void;
}

/** The name of an authorization in headings and messages. */
export function authorizationName(auth: Pick<PatientAuthorization, 'authCode' | 'authId'>): string {
  return auth.authCode.trim() ? `Auth code ${auth.authCode.trim()}` : `Authorization #${auth.authId}`;
}

/** Every code of one kind over the authorization's combiners, each once, in their order. */
function codesOf(combiners: readonly DiagnosisCombiner[], kind: 'diagnoses' | 'procedures'): SetCode[] {
  const seen = new Map<string, SetCode>();
  for (const combiner of combiners) {
    for (const code of combiner[kind]) if (!seen.has(code.code)) seen.set(code.code, code);
  }
  return [...seen.values()];
}

function CodeList({ title, codes }: { title: string; codes: readonly SetCode[] }) {
  return (
    <div className={styles.codeSet}>
      <h4 className={styles.subheading}>{title}</h4>
      {codes.length === 0 ? (
        <p className={styles.muted}>None</p>
      ) : (
        <ul className={styles.codes}>
          {codes.map((c) => (
            <li key={c.code}>
              <span className={styles.code}>{c.code}</span> {c.description || 'No description'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CodeSets({ authId }: { authId: number }) {
  const combiners = useAuthorizationCombiners(authId);
  if (combiners.isPending) return <p role="status">Loading codes…</p>;
  if (combiners.isError) {
    return <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(combiners.error))}</StatusMessage>;
  }
  return (
    <div className={styles.codeSets}>
      <CodeList title="Diagnosis set" codes={codesOf(combiners.data, 'diagnoses')} />
      <CodeList title="Procedure set" codes={codesOf(combiners.data, 'procedures')} />
    </div>
  );
}

/**
 * One authorization on the patient dashboard (spec §2, §4 "authorization card: view, then edit"): what it
 * covers, its visit burn-down and its code sets; for ADMIN, Edit (Save or Cancel) and Delete.
 */
export function AuthorizationCard({
  authorization: auth,
  editable,
  onDelete,
  onSaved,
}: AuthorizationCardProps) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const wasEditing = useRef(false);

  // Into edit mode: focus the first field; back to view: focus returns to Edit.
  useEffect(() => {
    if (editing) form.current?.querySelector('input')?.focus();
    else if (wasEditing.current) editButton.current?.querySelector('button')?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const name = authorizationName(auth);
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h3 id={headingId} className={styles.title}>
          {editing ? `Edit ${name}` : name}
        </h3>
        <span className={styles.badge} data-active={auth.active === 'Yes'}>
          {auth.active === 'Yes' ? 'Active' : 'Inactive'}
        </span>
        {editable && !editing ? (
          <div ref={editButton} className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit<span className="visually-hidden"> {name}</span>
            </Button>
            <Button variant="secondary" className={styles.delete} onClick={onDelete}>
              Delete<span className="visually-hidden"> {name}</span>
            </Button>
          </div>
        ) : null}
      </header>

      {editable && editing ? (
        <AuthorizationEditForm
          formRef={form}
          authorization={auth}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onSaved();
          }}
        />
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>Insurance</dt>
              <dd>{auth.insName || 'No insurance record'}</dd>
            </div>
            <div>
              <dt>Referred by</dt>
              <dd>{auth.referredBy || '—'}</dd>
            </div>
            <div>
              <dt>Dates</dt>
              <dd>
                {longDate(auth.dayStart)} to {longDate(auth.dayEnd)}
              </dd>
            </div>
            <div>
              <dt>Weekly limit</dt>
              <dd>
                {auth.weeklyVisitLimit === null
                  ? 'No weekly limit'
                  : `${auth.weeklyVisitLimit} ${auth.weeklyVisitLimit === 1 ? 'visit' : 'visits'} a week`}
              </dd>
            </div>
          </dl>
          <section className={styles.section} aria-label={`Visits of ${name}`}>
            <h4 className={styles.subheading}>Visits</h4>
            <VisitBurnDown {...auth} />
          </section>
          <CodeSets authId={auth.authId} />
        </>
      )}
    </article>
  );
}

interface EditFormProps {
  authorization: PatientAuthorization;
  formRef: RefObject<HTMLFormElement | null>;
  onCancel: () => void;
  onSaved: () => void;
}

function AuthorizationEditForm({ authorization, formRef, onCancel, onSaved }: EditFormProps) {
  const edit = useEditAuthorization(authorization.authId);
  const [values, setValues] = useState(() => authorizationFormValues(authorization));
  const [errors, setErrors] = useState<AuthorizationFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateAuthorizationForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    edit.mutate(authorizationBody(values), {
      onSuccess: onSaved,
      onError: (error) => setFailure(msg.updateFailed(errorMessage(error))),
    });
  }

  return (
    <Form formRef={formRef} onSubmit={onSubmit} error={failure} className={styles.editForm}>
      <AuthorizationFields
        values={values}
        errors={errors}
        onChange={setValues}
        patientId={authorization.patientId}
      />
      <FormActions>
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={edit.isPending}>
          Cancel
        </Button>
      </FormActions>
    </Form>
  );
}
