import { US_TIME_ZONES } from '@clinic/contract/office-hours';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';

const OTHER = '__other__';

interface TimeZoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
}

const isListed = (zone: string) => US_TIME_ZONES.some((z) => z.value === zone);

/** The office's IANA time zone: the US zones to choose from, or any other name typed in. */
export function TimeZoneField({ value, onChange, error, required }: TimeZoneFieldProps) {
  const [other, setOther] = useState(() => value !== '' && !isListed(value));
  return (
    <>
      <FormField
        label="Time zone"
        required={required}
        hint="Office hours, appointment times and the office's 'today' follow this zone."
        error={!other ? error : null}
      >
        {(control) => (
          <select
            {...control}
            value={other ? OTHER : value}
            onChange={(event) => {
              const next = event.target.value;
              if (next === OTHER) {
                setOther(true);
                onChange('');
              } else {
                setOther(false);
                onChange(next);
              }
            }}
          >
            <option value="">Choose a time zone</option>
            {US_TIME_ZONES.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label} – {zone.value}
              </option>
            ))}
            <option value={OTHER}>Other (type an IANA name)</option>
          </select>
        )}
      </FormField>
      {other ? (
        <FormField
          label="IANA time zone name"
          required={required}
          hint="For example America/Indiana/Indianapolis or America/Boise."
          error={error}
        >
          {(control) => (
            <input
              {...control}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
      ) : null}
    </>
  );
}
