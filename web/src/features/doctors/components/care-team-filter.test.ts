import type { Doctor } from '@clinic/contract/doctors';
import { describe, expect, it } from 'vitest';
import { careTeamMembers, careTeamPage, matchesCareTeamSearch } from './care-team-filter';

function doctor(doctorId: number, overrides: Partial<Doctor> = {}): Doctor {
  return {
    doctorId,
    officeId: 1,
    officeName: 'Summit PT Denver Highlands',
    firstName: `First${doctorId}`,
    lastName: `Last${doctorId}`,
    specialty: 'Physical Therapist',
    bio: '',
    doctorPicture: '',
    rating: 100,
    ...overrides,
  };
}

describe('careTeamMembers', () => {
  it('keeps physical therapists, massage therapists, acupuncture and PT staff in any case; drops staff records', () => {
    const list = [
      doctor(1, { specialty: 'physical therapist' }),
      doctor(2, { specialty: 'MASSAGE THERAPIST' }),
      doctor(3, { specialty: 'Acupuncture' }),
      doctor(4, { specialty: 'PT Staff' }),
      doctor(5, { specialty: 'Senior Physical Therapist, Sports' }),
      doctor(6, { specialty: 'ADMIN' }),
      doctor(7, { specialty: 'FRONT_DESK' }),
      doctor(8, { specialty: '' }),
      doctor(9, { specialty: 'Chiropractor' }),
    ];
    expect(careTeamMembers(list).map((d) => d.doctorId)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('matchesCareTeamSearch', () => {
  const maya = doctor(1, {
    firstName: 'Maya',
    lastName: 'Lindqvist',
    officeName: 'Summit PT Denver Highlands',
  });
  it.each([
    ['', true],
    ['  ', true],
    ['maya', true],
    ['LINDQ', true],
    ['physical', true],
    ['denver', true],
    ['maya denver', true],
    ['Maya Lindqvist', true],
    ['austin', false],
    ['maya austin', false],
    ['acupuncture', false],
  ])('%j matches: %s', (query, expected) => {
    expect(matchesCareTeamSearch(maya, query)).toBe(expected);
  });

  it('a record without an office still matches on its other fields', () => {
    expect(matchesCareTeamSearch(doctor(2, { officeName: null, firstName: 'Ana' }), 'ana')).toBe(true);
  });
});

describe('careTeamPage', () => {
  const team = Array.from({ length: 23 }, (_, i) =>
    doctor(i + 1, { officeName: i < 12 ? 'Denver' : 'Austin' }),
  );

  it('shows 10 per page', () => {
    expect(careTeamPage(team, '', 1).items.map((d) => d.doctorId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(careTeamPage(team, '', 3)).toMatchObject({ pageCount: 3, first: 21, last: 23 });
  });

  it('filters before paging, and a narrowed list clamps the page', () => {
    const austin = careTeamPage(team, 'austin', 3);
    expect(austin).toMatchObject({ total: 11, pageCount: 2, page: 2 });
    expect(austin.items.map((d) => d.doctorId)).toEqual([23]);
  });
});
