import type { Insurance } from '@clinic/contract/insurance';
import type { InsuranceInput } from '../api/insurance-wire';

/** The form's values: all text, as the inputs hold them. */
export interface InsuranceFormValues {
  insName: string;
  days: string;
  authorization: string;
  insCode: string;
  address: string;
  acceptance: string;
  coverageName: string;
  insPicture: string;
}

export type InsuranceFormErrors = Partial<Record<keyof InsuranceFormValues, string>>;

export const EMPTY_INSURANCE_FORM: InsuranceFormValues = {
  insName: '',
  days: '',
  authorization: 'Required',
  insCode: '',
  address: '',
  acceptance: 'yes',
  coverageName: '',
  insPicture: '',
};

export function insuranceFormValues(insurance: Insurance): InsuranceFormValues {
  return {
    insName: insurance.insName,
    days: insurance.days === null ? '' : String(insurance.days),
    authorization: insurance.authorization,
    insCode: insurance.insCode,
    address: insurance.address,
    acceptance: insurance.acceptance,
    coverageName: insurance.coverageName,
    insPicture: insurance.insPicture,
  };
}

export function validateInsuranceForm(values: InsuranceFormValues): InsuranceFormErrors {
  const errors: InsuranceFormErrors = {};
  if (!values.insName.trim()) errors.insName = 'Please enter the insurance name.';
  const days = values.days.trim();
  if (days !== '' && !/^\d{1,4}$/.test(days)) errors.days = 'Days must be a whole number of 0 or more.';
  return errors;
}

/** What add and update send; call after validateInsuranceForm found nothing. */
export function insuranceInput(values: InsuranceFormValues): InsuranceInput {
  const days = values.days.trim();
  return {
    insName: values.insName.trim(),
    days: days === '' ? null : Number(days),
    authorization: values.authorization.trim(),
    insCode: values.insCode.trim(),
    address: values.address.trim(),
    acceptance: values.acceptance.trim(),
    coverageName: values.coverageName.trim(),
    insPicture: values.insPicture,
  };
}
