import { describe, expect, it } from 'vitest';
import { doctorDisplayName, isDirectorySpecialty, isHomeSearchSpecialty, specialtyLabel } from './doctors';
import { acceptanceKind } from './insurance';
import { codeKindLetter } from './procedures';

describe('doctor specialties', () => {
  it.each([
    ['Physical Therapist', true, true],
    ['physical therapist, sports', true, true],
    ['Massage Therapist', true, true],
    ['PT STAFF', true, true],
    ['Acupuncture', true, false],
    ['ADMIN', false, false],
    ['FRONT_DESK', false, false],
    ['', false, false],
    ['Chiropractor', false, false],
  ])('%j: directory %s, home search %s', (specialty, directory, home) => {
    expect(isDirectorySpecialty(specialty)).toBe(directory);
    expect(isHomeSearchSpecialty(specialty)).toBe(home);
  });

  it('a display name leaves out an empty last name', () => {
    expect(doctorDisplayName({ firstName: 'Not Sure', lastName: '' })).toBe('Not Sure');
    expect(doctorDisplayName({ firstName: ' Maya ', lastName: 'Lindqvist' })).toBe('Maya Lindqvist');
  });
});

describe('acceptanceKind', () => {
  it.each([
    ['yes', 'yes'],
    [' YES ', 'yes'],
    ['no', 'no'],
    ['No', 'no'],
    ['patient', 'other'],
    ['', 'other'],
    ['maybe', 'other'],
  ])('%j is %s', (value, kind) => {
    expect(acceptanceKind(value)).toBe(kind);
  });
});

describe('codeKindLetter', () => {
  it('is the first letter, upper case', () => {
    expect(codeKindLetter('procedure')).toBe('P');
    expect(codeKindLetter(' Diagnosis')).toBe('D');
    expect(codeKindLetter('')).toBe('');
    expect(codeKindLetter(null)).toBe('');
  });
});

describe('specialtyLabel', () => {
  it('says role codes in words and leaves clinical titles as they are', () => {
    expect(specialtyLabel('ADMIN')).toBe('Administrator');
    expect(specialtyLabel('FRONT_DESK')).toBe('Front desk');
    expect(specialtyLabel('front desk')).toBe('Front desk');
    expect(specialtyLabel('MANAGER')).toBe('Clinic manager');
    expect(specialtyLabel('Physical Therapist')).toBe('Physical Therapist');
    expect(specialtyLabel('')).toBe('');
    expect(specialtyLabel(null)).toBe('');
  });
});
