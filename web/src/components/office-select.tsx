import type { Office } from '@clinic/contract/offices';
import { FormField } from './form-field';

/**
 * The 'Office' choice of the staff pages (check-in, calendar, timesheets, reports): 'Loading offices…' until
 * one is chosen, and fixed when there is only one to choose.
 */
export function OfficeSelect({
  offices,
  value,
  onChange,
}: {
  offices: readonly Office[];
  value: number | null;
  onChange: (office: Office) => void;
}) {
  return (
    <FormField label="Office">
      {(control) => (
        <select
          {...control}
          value={value ?? ''}
          disabled={offices.length <= 1}
          onChange={(event) => {
            const next = offices.find((o) => o.officeId === Number(event.target.value));
            if (next) onChange(next);
          }}
        >
          {value === null ? <option value="">Loading offices…</option> : null}
          {offices.map((o) => (
            <option key={o.officeId} value={o.officeId}>
              {o.officeName}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
