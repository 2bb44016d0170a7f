import { FormField, TextField } from '../../../components/form-field';
import { ActiveValuesField } from './active-values-field';
import styles from './insurance-record-fields.module.css';
import {
  type InsuranceRecordErrors,
  type InsuranceRecordValues,
  NOTES_MAX_LENGTH,
  SUBSCRIBER_MAX_LENGTH,
} from './insurance-record-form';

interface InsuranceRecordFieldsProps {
  values: InsuranceRecordValues;
  errors: InsuranceRecordErrors;
  onChange: (values: InsuranceRecordValues) => void;
}

/** The coverage of a patient-insurance record: subscriber, active visit types, co-pay and notes. */
export function InsuranceRecordFields({ values, errors, onChange }: InsuranceRecordFieldsProps) {
  const set = <K extends keyof InsuranceRecordValues>(field: K, value: InsuranceRecordValues[K]) =>
    onChange({ ...values, [field]: value });

  return (
    <>
      <div className={styles.grid}>
        <TextField
          label="Subscriber"
          value={values.subscriber}
          maxLength={SUBSCRIBER_MAX_LENGTH}
          autoComplete="off"
          hint="The policy holder, as on the insurance card."
          onChange={(event) => set('subscriber', event.target.value)}
        />
        <TextField
          label="Co-pay (USD)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={values.coPay}
          error={errors.coPay}
          hint="What the patient pays per visit; leave empty if not known."
          onChange={(event) => set('coPay', event.target.value)}
        />
      </div>
      <ActiveValuesField
        values={values.active}
        draft={values.activeDraft}
        error={errors.active}
        onChange={({ values: active, draft }) => onChange({ ...values, active, activeDraft: draft })}
      />
      <FormField label="Notes">
        {(control) => (
          <textarea
            {...control}
            className={`${control.className ?? ''} ${styles.notes}`}
            rows={3}
            maxLength={NOTES_MAX_LENGTH}
            value={values.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
