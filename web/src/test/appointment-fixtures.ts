import type { Appointment } from '@clinic/contract/appointments';
import type { PatientAuthorization } from '@clinic/contract/authorizations';
import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';
import { visitTypeLabel } from '@clinic/contract/visit-types';

/** Records as the server sends them, typed by the contract; each factory takes the fields a test cares about. */

export function appointmentFixture(overrides: Partial<Appointment> = {}): Appointment {
  return {
    appoinmentId: 1,
    officeId: 1,
    doctorId: 1,
    diagCombId: null,
    authId: null,
    patientId: 1,
    appointmentDate: '2030-01-08',
    appointmentTime: '10:00',
    notes: '',
    typeVisit: overrides.typeVisit ?? 'visit',
    typeVisitLabel: visitTypeLabel(overrides.typeVisit ?? 'visit'),
    conformation: 'Scheduled',
    startsAt: '2030-01-08T17:00:00.000Z',
    timeZone: 'America/Denver',
    patientName: 'Emily Carter',
    doctorName: 'Marcus Bell',
    officeName: 'Denver Highlands',
    walkedInAt: null,
    inRoomAt: null,
    completedAt: null,
    canceledAt: null,
    noShowAt: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Active from 2029-12-01 to 2030-03-31 (so it covers 2030-01-08), 20 of 24 visits left, 2 a week. */
export function authorizationFixture(overrides: Partial<PatientAuthorization> = {}): PatientAuthorization {
  return {
    authId: 20,
    patientId: 1,
    inspt_id: 4,
    referredBy: 'Dr. Alan Pierce',
    authCode: 'BCB-448120',
    dayStart: '2029-12-01',
    dayEnd: '2030-03-31',
    visits: 24,
    weeklyVisitLimit: 2,
    active: 'Yes',
    insName: 'Blue Cross Blue Shield',
    visitsUsed: 3,
    visitsScheduled: 1,
    visitsLeft: 20,
    ...overrides,
  };
}

/** The low-back set of authorization 20. */
export function diagnosisSetFixture(overrides: Partial<DiagnosisCombiner> = {}): DiagnosisCombiner {
  return {
    diagCombId: 30,
    authId: 20,
    diagnosisSet: 'M54.50,M62.830',
    procedureSet: '97110,97140',
    diagnoses: [
      { code: 'M54.50', description: 'Low back pain, unspecified' },
      { code: 'M62.830', description: 'Muscle spasm of back' },
    ],
    procedures: [
      { code: '97110', description: 'Therapeutic exercise' },
      { code: '97140', description: 'Manual therapy' },
    ],
    ...overrides,
  };
}
