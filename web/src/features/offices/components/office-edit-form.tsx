import { MSG } from '@clinic/contract/messages';
import type { Office, OfficeUpdateBody } from '@clinic/contract/offices';
import { OfficeLimits } from '@clinic/contract/offices';
import { useState } from 'react';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateOffice } from '../api/update-office';
import { TimeZoneField } from './time-zone-field';

interface OfficeEditFormProps {
  formId: string;
  office: Office;
  /** ADMIN and MANAGER may correct the time zone; a doctor may not (the server refuses too). */
  mayChangeTimeZone: boolean;
  onSaved: () => void;
}

/** The details popup's edit mode; the Save button lives in the popup's footer (form={formId}). */
export function OfficeEditForm({ formId, office, mayChangeTimeZone, onSaved }: OfficeEditFormProps) {
  const update = useUpdateOffice();
  const [values, setValues] = useState({
    officeName: office.officeName,
    address: office.address,
    description: office.description,
    phoneNumber: office.phoneNumber,
    email: office.email,
    timeZone: office.timeZone,
  });
  const [nameError, setNameError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <Form
      id={formId}
      error={update.isError ? `${MSG.officeInfoUpdateFailed}: ${errorMessage(update.error)}` : null}
      onSubmit={(event) => {
        event.preventDefault();
        if (!values.officeName.trim()) {
          setNameError('Enter the office name.');
          return;
        }
        setNameError(null);
        const body: OfficeUpdateBody = {
          officeName: values.officeName.trim(),
          address: values.address.trim(),
          description: values.description.trim(),
          phoneNumber: values.phoneNumber.trim(),
          email: values.email.trim(),
          ...(mayChangeTimeZone ? { timeZone: values.timeZone.trim() } : {}),
        };
        update.mutate({ officeId: office.officeId, body }, { onSuccess: onSaved });
      }}
    >
      <TextField
        label="Office name"
        required
        value={values.officeName}
        maxLength={OfficeLimits.officeName}
        error={nameError}
        onChange={(e) => set('officeName')(e.target.value)}
      />
      <TextField
        label="Address"
        value={values.address}
        maxLength={OfficeLimits.address}
        autoComplete="street-address"
        onChange={(e) => set('address')(e.target.value)}
      />
      <FormField label="Description">
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            maxLength={OfficeLimits.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        )}
      </FormField>
      <TextField
        label="Phone"
        type="tel"
        value={values.phoneNumber}
        maxLength={OfficeLimits.phoneNumber}
        onChange={(e) => set('phoneNumber')(e.target.value)}
      />
      <TextField
        label="E-mail"
        type="email"
        value={values.email}
        maxLength={OfficeLimits.email}
        onChange={(e) => set('email')(e.target.value)}
      />
      {mayChangeTimeZone ? (
        <TimeZoneField value={values.timeZone} onChange={set('timeZone')} required />
      ) : null}
      {update.isPending ? <p role="status">Saving…</p> : null}
    </Form>
  );
}
