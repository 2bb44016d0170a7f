import type { InsurancePatientBody, InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { addActiveValues, orderActiveValues, readActiveValues } from './active-values';

/** The coverage fields of a patient-insurance record (spec §3) as the inputs hold them. */
export interface InsuranceRecordValues {
  subscriber: string;
  /** The active values chosen so far, in order (see active-values.ts). */
  active: string[];
  /** Text typed as another visit type but not added with its button: it is saved too, not lost. */
  activeDraft: string;
  coPay: string;
  notes: string;
}

export type InsuranceRecordErrors = Partial<Record<'active' | 'coPay', string>>;

export const SUBSCRIBER_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 2000;
const COPAY_MAX = 100000;

export const EMPTY_INSURANCE_RECORD: InsuranceRecordValues = {
  subscriber: '',
  active: [],
  activeDraft: '',
  coPay: '',
  notes: '',
};

export function insuranceRecordValues(record: InsurancePatientRecord): InsuranceRecordValues {
  return {
    subscriber: record.subscriber,
    active: readActiveValues(record.active),
    activeDraft: '',
    coPay: record.coPay === null ? '' : String(record.coPay),
    notes: record.notes,
  };
}

/** The active values with the typed draft added, or the reason the draft cannot be added. */
function activeWithDraft(values: InsuranceRecordValues) {
  if (values.activeDraft.trim() === '') return { values: values.active, problem: null };
  return addActiveValues(values.active, values.activeDraft);
}

export function validateInsuranceRecord(values: InsuranceRecordValues): InsuranceRecordErrors {
  const errors: InsuranceRecordErrors = {};
  const coPay = values.coPay.trim();
  if (coPay !== '' && (!/^\d+(\.\d{1,2})?$/.test(coPay) || Number(coPay) > COPAY_MAX)) {
    errors.coPay = 'Enter the co-pay as an amount of 0 or more, like 25 or 12.50.';
  }
  const active = activeWithDraft(values);
  if (active.problem) errors.active = active.problem;
  return errors;
}

/** The coverage part of a save or update body (active as the spec's comma list); after validation. */
export function insuranceRecordBody(
  values: InsuranceRecordValues,
): Required<Pick<InsurancePatientBody, 'subscriber' | 'active' | 'coPay' | 'notes'>> {
  const coPay = values.coPay.trim();
  return {
    subscriber: values.subscriber.trim(),
    active: orderActiveValues(activeWithDraft(values).values ?? values.active).join(','),
    coPay: coPay === '' ? null : Number(coPay),
    notes: values.notes.trim(),
  };
}
