import { AUDIT_ACTIONS, type AuditFilterQuery } from '@clinic/contract/audit';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import styles from '../../../components/filter-panel.module.css';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { auditFiltersFromForm, type AuditFilterForm as FormText } from './audit-filters';

const FIVE_COLUMNS = { '--filter-columns': 5 } as CSSProperties;

const fromApplied = (applied: AuditFilterQuery): FormText => ({
  patientId: applied.patientId ? String(applied.patientId) : '',
  actor: applied.actor ?? '',
  action: applied.action ?? '',
  from: applied.from ?? '',
  to: applied.to ?? '',
});

/** Patient, actor, action and days (UTC); applied on submit, since each application is a new URL and query. */
export function AuditFilterForm({
  applied,
  onApply,
}: {
  applied: AuditFilterQuery;
  onApply: (filters: AuditFilterQuery) => void;
}) {
  const [form, setForm] = useState<FormText>(() => fromApplied(applied));
  const [error, setError] = useState<{ field: keyof FormText; text: string } | null>(null);
  const set = (field: keyof FormText) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const errorOf = (field: keyof FormText) => (error?.field === field ? error.text : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = auditFiltersFromForm(form);
    if ('error' in result) {
      setError({ field: result.field, text: result.error });
      return;
    }
    setError(null);
    onApply(result.filters);
  };

  const clear = () => {
    setForm(fromApplied({}));
    setError(null);
    onApply({});
  };

  return (
    <Form className={styles.filters} style={FIVE_COLUMNS} aria-label="Audit log filters" onSubmit={onSubmit}>
      <TextField
        label="Patient id"
        inputMode="numeric"
        autoComplete="off"
        value={form.patientId}
        error={errorOf('patientId')}
        onChange={(e) => set('patientId')(e.target.value)}
      />
      <TextField
        label="Actor (username)"
        autoComplete="off"
        maxLength={100}
        value={form.actor}
        onChange={(e) => set('actor')(e.target.value)}
      />
      <FormField label="Action">
        {(control) => (
          <select {...control} value={form.action} onChange={(e) => set('action')(e.target.value)}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="From (UTC day)"
        type="date"
        value={form.from}
        max={form.to || undefined}
        onChange={(e) => set('from')(e.target.value)}
      />
      <TextField
        label="To (UTC day)"
        type="date"
        value={form.to}
        min={form.from || undefined}
        error={errorOf('to')}
        onChange={(e) => set('to')(e.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </Form>
  );
}
