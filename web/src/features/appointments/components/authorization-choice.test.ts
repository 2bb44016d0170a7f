import type { PatientAuthorization } from '@clinic/contract/authorizations';
import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';
import { describe, expect, it } from 'vitest';
import {
  authorizationsCovering,
  burnDownHint,
  choicesKeeping,
  diagnosisSetLabel,
  diagnosisSetOptions,
} from './authorization-choice';

const AUTH: PatientAuthorization = {
  authId: 1,
  patientId: 1,
  inspt_id: null,
  referredBy: '',
  authCode: 'BCB-448120',
  dayStart: '2030-01-01',
  dayEnd: '2030-03-31',
  visits: 12,
  weeklyVisitLimit: 2,
  active: 'Yes',
  insName: '',
  visitsUsed: 4,
  visitsScheduled: 3,
  visitsLeft: 5,
};

const SET: DiagnosisCombiner = {
  diagCombId: 7,
  authId: 1,
  diagnosisSet: 'M75.101,M54.50',
  procedureSet: '',
  diagnoses: [
    {
      code: 'M75.101',
      description: 'Unspecified rotator cuff tear or rupture of right shoulder, not specified as traumatic',
    },
    { code: 'M54.50', description: 'Low back pain, unspecified' },
  ],
  procedures: [],
};

describe('authorizations covering a day', () => {
  it('keeps the active ones whose dates include the day, latest start first', () => {
    const later = { ...AUTH, authId: 2, dayStart: '2030-02-01' };
    const inactive = { ...AUTH, authId: 3, active: 'No' as const };
    const ended = { ...AUTH, authId: 4, dayEnd: '2030-01-31' };
    expect(authorizationsCovering([AUTH, later, inactive, ended], '2030-02-10').map((a) => a.authId)).toEqual(
      [2, 1],
    );
    expect(authorizationsCovering([AUTH], '2030-03-31')).toHaveLength(1);
    expect(authorizationsCovering([AUTH], '2030-04-01')).toEqual([]);
  });
});

describe('labels', () => {
  it("names a set by its authorization and its diagnoses' short descriptions", () => {
    expect(diagnosisSetLabel(SET, AUTH)).toBe(
      'BCB-448120 · M75.101 Unspecified rotator cuff tear or rupture…, M54.50 Low back pain',
    );
    expect(diagnosisSetLabel({ ...SET, diagnoses: [] }, { ...AUTH, authCode: ' ' })).toBe(
      'Authorization #1 · set #7',
    );
  });

  it('leaves out what the authorization does not set', () => {
    expect(burnDownHint(AUTH)).toBe('BCB-448120: 5 of 12 visits left, up to 2 a week, until 2030-03-31');
    expect(burnDownHint({ ...AUTH, visits: 1, visitsLeft: 0, weeklyVisitLimit: null })).toBe(
      'BCB-448120: 0 of 1 visit left, until 2030-03-31',
    );
    expect(burnDownHint({ ...AUTH, visits: null, visitsLeft: null })).toBe(
      'BCB-448120: up to 2 a week, until 2030-03-31',
    );
  });

  it("keeps the appointment's own set when the offered ones do not hold it, saying why", () => {
    const options = diagnosisSetOptions([{ ...SET, diagCombId: 8, authId: 2 }], [{ ...AUTH, authId: 2 }]);
    expect(choicesKeeping(options, 8, undefined, [])).toEqual([options[0]]);
    expect(choicesKeeping(options, null, undefined, [])).toEqual([options[0]]);
    expect(choicesKeeping(options, 7, SET, [{ ...AUTH, active: 'No' }])[0]).toEqual({
      value: 7,
      label: `${diagnosisSetLabel(SET, AUTH)} (authorization not active)`,
    });
    expect(choicesKeeping(options, 9, undefined, [])[0]).toEqual({ value: 9, label: 'Diagnosis set #9' });
  });
});
