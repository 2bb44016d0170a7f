import { INSURANCE_ACCEPTANCE_OPTIONS, INSURANCE_AUTHORIZATION_OPTIONS } from '@clinic/contract/insurance';
import { FormField, TextField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import type { InsuranceFormErrors, InsuranceFormValues } from './insurance-form';
import styles from './insurance-form-fields.module.css';

interface InsuranceFormFieldsProps {
  values: InsuranceFormValues;
  errors: InsuranceFormErrors;
  onChange: (values: InsuranceFormValues) => void;
}

/** A select's options, keeping a current value that is not one of them (older records). */
function withCurrent(options: readonly { value: string; label: string }[], current: string) {
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The fields of an insurance, shared by the registration form and the directory's edit mode. */
export function InsuranceFormFields({ values, errors, onChange }: InsuranceFormFieldsProps) {
  const set = (key: keyof InsuranceFormValues, value: string) => onChange({ ...values, [key]: value });
  const authorizationOptions = withCurrent(
    INSURANCE_AUTHORIZATION_OPTIONS.map((value) => ({ value, label: value })),
    values.authorization,
  );
  const acceptanceOptions = withCurrent(INSURANCE_ACCEPTANCE_OPTIONS, values.acceptance);

  return (
    <>
      <div className={styles.grid}>
        <TextField
          label="Insurance name"
          required
          value={values.insName}
          error={errors.insName}
          maxLength={200}
          onChange={(event) => set('insName', event.target.value)}
        />
        <TextField
          label="Coverage name"
          value={values.coverageName}
          maxLength={200}
          onChange={(event) => set('coverageName', event.target.value)}
        />
        <TextField
          label="Insurance code"
          value={values.insCode}
          maxLength={50}
          onChange={(event) => set('insCode', event.target.value)}
        />
        <TextField
          label="Days"
          inputMode="numeric"
          hint="Length of the authorization or claim window."
          value={values.days}
          error={errors.days}
          onChange={(event) => set('days', event.target.value)}
        />
        <FormField label="Authorization">
          {(control) => (
            <select
              {...control}
              value={values.authorization}
              onChange={(event) => set('authorization', event.target.value)}
            >
              {authorizationOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Acceptance">
          {(control) => (
            <select
              {...control}
              value={values.acceptance}
              onChange={(event) => set('acceptance', event.target.value)}
            >
              {acceptanceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <TextField
        label="Claims address"
        value={values.address}
        maxLength={300}
        onChange={(event) => set('address', event.target.value)}
      />
      <ImageUploadField
        label="Picture"
        directory="insurance"
        value={values.insPicture}
        onChange={(name) => set('insPicture', name)}
        filenameFor={(file) => (slug(values.insName) ? `${slug(values.insName)}-${file.name}` : file.name)}
        previewAlt={values.insPicture ? 'Chosen picture' : 'Default picture'}
      />
    </>
  );
}
