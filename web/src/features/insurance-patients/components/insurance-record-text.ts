import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';

/** How a patient-insurance record reads on screen (dashboard, selector popup). */

/** The insurance's name, or the spec's fallback when a record has none (§8 'Unknown'). */
export function insuranceName(record: Pick<InsurancePatientRecord, 'insName'>): string {
  return record.insName.trim() || 'Unknown insurance';
}

/** '<insurance> — <subscriber>', the subscriber left out when there is none. */
export function recordTitle(record: Pick<InsurancePatientRecord, 'insName' | 'subscriber'>): string {
  return [insuranceName(record), record.subscriber.trim()].filter(Boolean).join(' — ');
}

/** Money as the dashboard shows it; no co-pay on file reads 'Not set'. */
export function formatCoPay(coPay: number | null): string {
  if (coPay === null) return 'Not set';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(coPay);
}
