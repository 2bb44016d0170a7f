import { canonicalTimeZone } from '@clinic/contract/office-hours';
import { type Office, OfficeLimits } from '@clinic/contract/offices';
import { can } from '@clinic/contract/permissions';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard, FormGrid, FormSection } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { StatusMessage } from '../../../components/status-message';
import { prefixedMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useAddOffice } from '../api/add-office';
import { TimeZoneField } from '../components/time-zone-field';

const TITLE = 'Register Office';
const EMPTY = {
  officeName: '',
  address: '',
  description: '',
  phoneNumber: '',
  email: '',
  officeKey: '',
  timeZone: '',
  officeImage: '',
};
type Values = typeof EMPTY;
type Errors = Partial<Record<keyof Values, string>>;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.officeName.trim()) errors.officeName = 'Enter the office name.';
  if (!values.timeZone.trim()) errors.timeZone = 'Choose the time zone the office is in.';
  else if (!canonicalTimeZone(values.timeZone)) errors.timeZone = 'That is not a known IANA time zone.';
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    errors.email = 'Enter an e-mail address like clinic@example.com.';
  }
  return errors;
}

/** /register/office (Creator menu, ADMIN and MANAGER): a new office with its time zone. */
export function RegisterOfficePage() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const add = useAddOffice();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<Office | null>(null);

  if (!can(session?.role, 'office:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators and managers can register offices."
        signedOut={!session}
      />
    );
  }

  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <FormCard
      title={TITLE}
      intro="Add a clinic to the network. Its hours are set afterwards under Office Schedule, in the office's own time zone."
    >
      <Form
        error={add.isError ? prefixedMessage('addOffice', add.error) : null}
        onSubmit={(event) => {
          event.preventDefault();
          const found = validate(values);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          setCreated(null);
          add.mutate(
            {
              officeName: values.officeName.trim(),
              address: values.address.trim(),
              description: values.description.trim(),
              phoneNumber: values.phoneNumber.trim(),
              email: values.email.trim(),
              officeKey: values.officeKey.trim() || null,
              officeImage: values.officeImage,
              timeZone: values.timeZone.trim(),
            },
            {
              onSuccess: (office) => {
                setCreated(office);
                setValues(EMPTY);
              },
            },
          );
        }}
      >
        {created ? (
          <StatusMessage tone="success">
            Office registered: {created.officeName} ({created.timeZone}).{' '}
            <Link to="/office">See it on the Office page</Link> or{' '}
            <Link to="/register/schedule">set its hours</Link>.
          </StatusMessage>
        ) : null}

        <FormSection legend="Office">
          <TextField
            label="Office name"
            required
            value={values.officeName}
            maxLength={OfficeLimits.officeName}
            error={errors.officeName}
            onChange={(e) => set('officeName')(e.target.value)}
          />
          <TextField
            label="Address"
            value={values.address}
            maxLength={OfficeLimits.address}
            autoComplete="street-address"
            hint="Street, city, state and ZIP; used for the map."
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
          <TimeZoneField
            value={values.timeZone}
            onChange={set('timeZone')}
            error={errors.timeZone}
            required
          />
        </FormSection>

        <FormSection legend="Contact">
          <FormGrid>
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
              error={errors.email}
              onChange={(e) => set('email')(e.target.value)}
            />
            <TextField
              label="Office key"
              value={values.officeKey}
              maxLength={OfficeLimits.officeKey}
              hint="A short code, e.g. DEN."
              onChange={(e) => set('officeKey')(e.target.value)}
            />
          </FormGrid>
        </FormSection>

        <FormSection legend="Preview photo">
          <ImageUploadField
            label="Photo for the office card"
            directory="office"
            value={values.officeImage}
            onChange={set('officeImage')}
            filenameFor={(file) => `office-${values.officeName.trim() || 'new'}-${file.name}`}
            previewAlt=""
          />
        </FormSection>

        <FormActions>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Registering…' : 'Register Office'}
          </Button>
        </FormActions>
      </Form>
    </FormCard>
  );
}
