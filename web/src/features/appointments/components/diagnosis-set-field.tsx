import { FormField } from '../../../components/form-field';
import type { SetChoice } from './authorization-choice';

interface DiagnosisSetFieldProps {
  choices: readonly SetChoice[];
  value: number | null;
  /** The chosen set in full (its labels are shortened); without a choice the field says it is optional. */
  details: string | null;
  onChange: (diagCombId: number | null) => void;
}

/** The optional 'Diagnosis set' select of the booking form and the appointment popup; its value is a diagCombId. */
export function DiagnosisSetField({ choices, value, details, onChange }: DiagnosisSetFieldProps) {
  return (
    <FormField label="Diagnosis set" hint={details ?? 'Optional: what this visit treats.'}>
      {(control) => (
        <select
          {...control}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">None</option>
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
