import type { PublicDoctor } from '@clinic/contract/doctors';
import type { Insurance } from '@clinic/contract/insurance';
import { MSG } from '@clinic/contract/messages';
import type { Patient } from '@clinic/contract/patients';
import { describe, expect, it, vi } from 'vitest';
import { type HomeSearchCalls, runHomeSearch } from './home-search';

const insurance = (insName: string): Insurance => ({
  insid: 1,
  insName,
  days: 30,
  authorization: 'Required',
  insCode: 'X',
  address: '',
  acceptance: 'yes',
  coverageName: 'PPO',
  insPicture: '',
});

const doctor = (firstName: string, specialty: string): PublicDoctor => ({
  doctorId: 1,
  officeId: 1,
  officeName: 'Downtown',
  firstName,
  lastName: 'Lee',
  specialty,
  bio: '',
  doctorPicture: '',
  rating: 100,
});

const patient = (firstName: string) => ({ patientId: 7, firstName, lastName: 'Diaz' }) as Patient;

function calls(data: { insurances?: Insurance[]; doctors?: PublicDoctor[]; patients?: Patient[] }) {
  return {
    searchInsurance: vi.fn(async () => data.insurances ?? []),
    searchDoctors: vi.fn(async () => data.doctors ?? []),
    searchPatients: vi.fn(async () => data.patients ?? []),
  } satisfies HomeSearchCalls;
}

describe('runHomeSearch for a PATIENT', () => {
  it('shows the first insurance and looks no further', async () => {
    const c = calls({
      insurances: [insurance('Aetna'), insurance('Cigna')],
      doctors: [doctor('Ana', 'Physical Therapist')],
    });
    expect(await runHomeSearch('PATIENT', 'a', c)).toEqual({
      kind: 'insurance',
      insurance: insurance('Aetna'),
    });
    expect(c.searchDoctors).not.toHaveBeenCalled();
    expect(c.searchPatients).not.toHaveBeenCalled();
  });

  it('without insurance, shows the first doctor within the home specialties, skipping ADMIN and FRONT_DESK', async () => {
    const c = calls({
      doctors: [
        doctor('Admin', 'ADMIN'),
        doctor('Desk', 'FRONT_DESK'),
        doctor('Acu', 'Acupuncture'),
        doctor('Mia', 'Massage Therapist'),
        doctor('Pat', 'Physical Therapist'),
      ],
    });
    const result = await runHomeSearch('PATIENT', 'lee', c);
    expect(result).toEqual({ kind: 'doctor', doctor: doctor('Mia', 'Massage Therapist') });
    expect(c.searchInsurance).toHaveBeenCalledWith('lee');
    expect(c.searchDoctors).toHaveBeenCalledWith('lee');
  });

  it("says 'Only doctors are viewable.' when the only matches are not viewable", async () => {
    const c = calls({
      doctors: [doctor('Admin', 'ADMIN'), doctor('Desk', 'FRONT_DESK'), doctor('Acu', 'Acupuncture')],
    });
    expect(await runHomeSearch('PATIENT', 'x', c)).toEqual({
      kind: 'message',
      message: MSG.onlyDoctorsViewable,
    });
  });

  it("says 'No results found.' when nothing matches", async () => {
    expect(await runHomeSearch('PATIENT', 'zzz', calls({}))).toEqual({
      kind: 'message',
      message: MSG.noResultsFound,
    });
  });
});

describe('runHomeSearch for staff', () => {
  it.each(['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'] as const)('%s searches patients only', async (role) => {
    const c = calls({ insurances: [insurance('Aetna')], patients: [patient('Maria'), patient('Mario')] });
    expect(await runHomeSearch(role, 'mar', c)).toEqual({ kind: 'patient', patient: patient('Maria') });
    expect(c.searchInsurance).not.toHaveBeenCalled();
    expect(c.searchDoctors).not.toHaveBeenCalled();
  });

  it("says 'No patients found.' when none match", async () => {
    expect(await runHomeSearch('FRONTDESK', 'nobody', calls({}))).toEqual({
      kind: 'message',
      message: MSG.noPatientsFound,
    });
  });

  it('a failed call fails the search', async () => {
    const c = calls({});
    c.searchPatients.mockRejectedValueOnce(new Error('HTTP 500'));
    await expect(runHomeSearch('ADMIN', 'x', c)).rejects.toThrow('HTTP 500');
  });
});
