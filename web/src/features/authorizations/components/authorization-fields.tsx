import { useRef } from 'react';
import { FormGrid, FormSection } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { INSURANCE_RECORD_POPUP_SOURCE, openPopup, usePopupMessage } from '../../../lib/popup';
import type { AuthorizationFormErrors, AuthorizationFormValues } from './authorization-form';
import { VISITS_MAX } from './authorization-form';
import { ChosenRecord } from './chosen-record';

interface AuthorizationFieldsProps {
  values: AuthorizationFormValues;
  errors: AuthorizationFormErrors;
  onChange: (values: AuthorizationFormValues) => void;
  /** Whose insurance records the selector lists; null until a patient is chosen. */
  patientId: number | null;
}

/** Opens the insurance record selector (spec §2 Popups) for a patient. */
export function openInsuranceRecordSelector(patientId: number) {
  openPopup(`/insurance-record-selector?patientId=${encodeURIComponent(patientId)}`, {
    name: 'insurance-record-selector',
  });
}

/**
 * The fields of an authorization (spec §3), shared by the register form and the dashboard's edit mode:
 * the insurance record (chosen in its selector popup), who referred the patient, the authorization code,
 * the dates, the number of visits, the weekly limit, and whether it is active.
 */
export function AuthorizationFields({ values, errors, onChange, patientId }: AuthorizationFieldsProps) {
  const set = <K extends keyof AuthorizationFormValues>(field: K, value: AuthorizationFormValues[K]) =>
    onChange({ ...values, [field]: value });

  // A choice can arrive before the next render: it applies to the values as they are now.
  const latest = useRef(values);
  latest.current = values;
  usePopupMessage((selection) => {
    if (selection.source !== INSURANCE_RECORD_POPUP_SOURCE || patientId === null) return;
    const insptId = Number(selection.id);
    if (!Number.isInteger(insptId) || insptId <= 0) return;
    latest.current = {
      ...latest.current,
      insurance: { insptId, name: selection.name || `Insurance record #${insptId}` },
    };
    onChange(latest.current);
  });

  return (
    <>
      <FormSection legend="Authorization">
        <ChosenRecord
          chooseLabel={values.insurance ? 'Change insurance record' : 'Choose insurance record'}
          onChoose={() => patientId !== null && openInsuranceRecordSelector(patientId)}
          onClear={values.insurance ? () => set('insurance', null) : undefined}
          clearLabel="Remove insurance record"
          disabled={patientId === null}
          hint={patientId === null ? 'Choose a patient first.' : undefined}
        >
          {values.insurance ? (
            <>
              Insurance record: <strong>{values.insurance.name}</strong>
            </>
          ) : (
            'No insurance record linked (optional).'
          )}
        </ChosenRecord>
        <FormGrid>
          <TextField
            label="Authorization code"
            value={values.authCode}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => set('authCode', e.target.value)}
          />
          <TextField
            label="Referred by"
            value={values.referredBy}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => set('referredBy', e.target.value)}
          />
        </FormGrid>
      </FormSection>

      <FormSection legend="Dates and visits">
        {errors.dates ? <StatusMessage tone="error">{errors.dates}</StatusMessage> : null}
        <FormGrid>
          <TextField
            label="Start date"
            type="date"
            required
            value={values.dayStart}
            onChange={(e) => set('dayStart', e.target.value)}
          />
          <TextField
            label="End date"
            type="date"
            required
            min={values.dayStart || undefined}
            value={values.dayEnd}
            error={errors.dayEnd}
            onChange={(e) => set('dayEnd', e.target.value)}
          />
          <TextField
            label="Visits authorized"
            type="number"
            inputMode="numeric"
            min={0}
            max={VISITS_MAX}
            step={1}
            value={values.visits}
            error={errors.visits}
            hint="Leave empty when no number of visits was authorized."
            onChange={(e) => set('visits', e.target.value)}
          />
          <TextField
            label="Weekly visit limit"
            type="number"
            inputMode="numeric"
            min={1}
            max={VISITS_MAX}
            step={1}
            value={values.weeklyVisitLimit}
            error={errors.weeklyVisitLimit}
            hint="Visits a week, Monday to Sunday. Leave empty for no weekly limit."
            onChange={(e) => set('weeklyVisitLimit', e.target.value)}
          />
          <FormField label="Active">
            {(control) => (
              <select
                {...control}
                value={values.active}
                onChange={(e) => set('active', e.target.value === 'No' ? 'No' : 'Yes')}
              >
                <option value="Yes">Yes</option>
                <option value="No">No</option>
              </select>
            )}
          </FormField>
        </FormGrid>
      </FormSection>
    </>
  );
}
