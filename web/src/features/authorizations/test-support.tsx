import type { AuthorizationWorklistItem, PatientAuthorization } from '@clinic/contract/authorizations';
import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';
import type { ReactNode } from 'react';
import { landmarkRoute, renderWithRouter } from '../../test/render-with-router';

/** Fixtures of the authorizations feature's tests, typed by the contract's wire schemas. */
export const AUTHORIZATION: PatientAuthorization = {
  authId: 31,
  patientId: 7,
  inspt_id: 4,
  referredBy: 'Dr. Pierce',
  authCode: 'BCB-2026',
  dayStart: '2026-03-01',
  dayEnd: '2026-06-30',
  visits: 12,
  weeklyVisitLimit: 2,
  active: 'Yes',
  insName: 'Blue Cross Blue Shield',
  visitsUsed: 5,
  visitsScheduled: 2,
  visitsLeft: 5,
};

export const CODE_SETS: DiagnosisCombiner = {
  diagCombId: 40,
  authId: 31,
  diagnosisSet: 'M54.50,M62.830',
  procedureSet: '97110',
  diagnoses: [
    { code: 'M54.50', description: 'Low back pain' },
    { code: 'M62.830', description: 'Muscle spasm of back' },
  ],
  procedures: [{ code: '97110', description: 'Therapeutic exercise' }],
};

export function worklistItem(overrides: Partial<AuthorizationWorklistItem> = {}): AuthorizationWorklistItem {
  return {
    ...AUTHORIZATION,
    visitsUsed: 9,
    visitsScheduled: 2,
    visitsLeft: 1,
    patientName: 'Emily Carter',
    daysLeft: 40,
    endingSoon: false,
    fewVisitsLeft: true,
    ...overrides,
  };
}

/** Renders a page at its path, beside a stand-in patient dashboard that links may lead to. */
export function renderPageAt(path: string, page: ReactNode) {
  return renderWithRouter(
    [{ path, element: page }, landmarkRoute('/dashboard/patient', 'patient dashboard')],
    path,
  );
}
