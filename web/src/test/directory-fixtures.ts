import type { Doctor } from '@clinic/contract/doctors';
import type { Office } from '@clinic/contract/offices';
import type { Patient } from '@clinic/contract/patients';

/** Directory records as the server sends them, typed by the contract; each factory takes overrides. */

export function officeFixture(overrides: Partial<Office> = {}): Office {
  return {
    officeId: 1,
    officeName: 'Denver Highlands',
    address: '',
    description: '',
    phoneNumber: '',
    email: '',
    officeKey: null,
    officeImage: '',
    timeZone: 'America/Denver',
    ...overrides,
  };
}

export function doctorFixture(overrides: Partial<Doctor> = {}): Doctor {
  return {
    doctorId: 3,
    officeId: 1,
    officeName: null,
    firstName: 'Marcus',
    lastName: 'Bell',
    specialty: 'Physical Therapist',
    bio: '',
    doctorPicture: '',
    rating: 100,
    ...overrides,
  };
}

/** Emily Carter, patient 7, with 12 points. */
export function patientFixture(overrides: Partial<Patient> = {}): Patient {
  return {
    patientId: 7,
    username: 'patient',
    email: 'emily@mail.example',
    firstName: 'Emily',
    lastName: 'Carter',
    dateOfBirth: '1988-04-12',
    age: 37,
    phoneNumber: '(303) 555-0161',
    sex: 'Female',
    notes: 'Runner',
    visits: 3,
    nfWc: null,
    totalPoints: 12,
    ...overrides,
  };
}
