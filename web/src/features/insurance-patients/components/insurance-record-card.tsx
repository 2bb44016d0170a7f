import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateInsurancePatient } from '../api/update-insurance-patient';
import { activeValueLabel, readActiveValues } from './active-values';
import styles from './insurance-record-card.module.css';
import { InsuranceRecordFields } from './insurance-record-fields';
import {
  type InsuranceRecordErrors,
  type InsuranceRecordValues,
  insuranceRecordBody,
  insuranceRecordValues,
  validateInsuranceRecord,
} from './insurance-record-form';
import { formatCoPay, insuranceName } from './insurance-record-text';

interface InsuranceRecordCardProps {
  record: InsurancePatientRecord;
  /** 'Record 2 of 3', when there are several. */
  position?: string;
  /** ADMIN and MANAGER (spec §6): Edit and Delete. */
  canManage: boolean;
  onSaved: (record: InsurancePatientRecord) => void;
  onDelete: (record: InsurancePatientRecord) => void;
}

/** One record on the dashboard: read, and for managers edited in place (view, then Save or Cancel). */
export function InsuranceRecordCard({
  record,
  position,
  canManage,
  onSaved,
  onDelete,
}: InsuranceRecordCardProps) {
  const titleId = useId();
  const update = useUpdateInsurancePatient();
  const [values, setValues] = useState<InsuranceRecordValues | null>(null);
  const [errors, setErrors] = useState<InsuranceRecordErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const editing = canManage && values !== null;
  const name = insuranceName(record);

  // Into the form, focus its first field; back out of it, focus the Edit button that opened it.
  useEffect(() => {
    if (editing) formRef.current?.querySelector('input')?.focus();
    else if (returnFocus.current) actionsRef.current?.querySelector('button')?.focus();
    returnFocus.current = false;
  }, [editing]);

  function startEditing() {
    update.reset();
    setErrors({});
    setValues(insuranceRecordValues(record));
  }

  function stopEditing() {
    returnFocus.current = true;
    setValues(null);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const found = validateInsuranceRecord(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { insptId: record.insptId, body: insuranceRecordBody(values) },
      {
        onSuccess: (saved) => {
          stopEditing();
          onSaved(saved);
        },
      },
    );
  }

  return (
    <article className={styles.card} aria-labelledby={titleId} data-beside-arrows={position !== undefined}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h3 id={titleId} className={styles.title}>
            {editing ? `Edit ${name}` : name}
          </h3>
          <p className={styles.meta}>
            Record #{record.insptId}
            {position ? ` · ${position}` : ''}
          </p>
        </div>
        {canManage && !editing ? (
          <div ref={actionsRef} className={styles.actions}>
            <Button variant="secondary" onClick={startEditing}>
              Edit<span className="visually-hidden"> {name} record</span>
            </Button>
            <Button variant="secondary" onClick={() => onDelete(record)}>
              Delete<span className="visually-hidden"> {name} record</span>
            </Button>
          </div>
        ) : null}
      </header>

      {editing ? (
        <Form
          formRef={formRef}
          onSubmit={save}
          error={update.isError ? `${MSG.failedToSaveChanges}: ${errorMessage(update.error)}` : null}
          aria-labelledby={titleId}
        >
          <InsuranceRecordFields values={values} errors={errors} onChange={setValues} />
          <div className={styles.buttons}>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={stopEditing} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <RecordFacts record={record} />
      )}
    </article>
  );
}

function RecordFacts({ record }: { record: InsurancePatientRecord }) {
  const active = readActiveValues(record.active);
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Subscriber</dt>
        <dd>{record.subscriber.trim() || 'Not provided'}</dd>
      </div>
      <div>
        <dt>Co-pay</dt>
        <dd>{formatCoPay(record.coPay)}</dd>
      </div>
      <div className={styles.wide}>
        <dt>Active visit types</dt>
        <dd>
          {active.length === 0 ? (
            'None'
          ) : (
            <ul className={styles.chips}>
              {active.map((value) => (
                <li key={value} className={styles.chip}>
                  {activeValueLabel(value)}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div className={styles.wide}>
        <dt>Notes</dt>
        <dd className={styles.notes}>{record.notes.trim() || 'No notes'}</dd>
      </div>
    </dl>
  );
}
