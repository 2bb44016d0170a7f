import type { RatingFilterQuery } from '@clinic/contract/ratings';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import styles from '../../../components/filter-panel.module.css';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { filtersFromForm } from './rating-filters';

/** A doctor or office the filters offer. */
export interface FilterChoice {
  id: number;
  name: string;
}

interface RatingFilterFormProps {
  applied: RatingFilterQuery;
  doctors: readonly FilterChoice[];
  offices: readonly FilterChoice[];
  onApply: (filters: RatingFilterQuery) => void;
}

/** The choices, plus the applied one when the list does not hold it (yet), so the select can show it. */
function withApplied(choices: readonly FilterChoice[], id: number | undefined, noun: string) {
  if (id === undefined || choices.some((c) => c.id === id)) return choices;
  return [...choices, { id, name: `${noun} #${id}` }];
}

/**
 * Doctor, office and visit dates; applied on submit (Apply filters), not on every change, since each
 * application is a new URL and a new query.
 */
export function RatingFilterForm({ applied, doctors, offices, onApply }: RatingFilterFormProps) {
  const [doctorId, setDoctorId] = useState(applied.doctorId ? String(applied.doctorId) : '');
  const [officeId, setOfficeId] = useState(applied.officeId ? String(applied.officeId) : '');
  const [from, setFrom] = useState(applied.from ?? '');
  const [to, setTo] = useState(applied.to ?? '');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = filtersFromForm({ doctorId, officeId, from, to });
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    onApply(result.filters);
  };

  const clear = () => {
    setDoctorId('');
    setOfficeId('');
    setFrom('');
    setTo('');
    setError(null);
    onApply({});
  };

  return (
    <Form className={styles.filters} aria-label="Rating filters" onSubmit={onSubmit}>
      <FormField label="Doctor">
        {(control) => (
          <select {...control} value={doctorId} onChange={(e) => setDoctorId(e.target.value)}>
            <option value="">All doctors</option>
            {withApplied(doctors, applied.doctorId, 'Doctor').map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Office">
        {(control) => (
          <select {...control} value={officeId} onChange={(e) => setOfficeId(e.target.value)}>
            <option value="">All offices</option>
            {withApplied(offices, applied.officeId, 'Office').map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="Visits from"
        type="date"
        value={from}
        max={to || undefined}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        label="Visits to"
        type="date"
        value={to}
        min={from || undefined}
        error={error ?? undefined}
        onChange={(e) => setTo(e.target.value)}
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
