import { describe, expect, it } from 'vitest';
import {
  checkAccountChanges,
  checkPatientDetails,
  hasAccountChanges,
  isValidBirthDate,
  isValidEmail,
  isValidPhone,
  normalizeAccountChanges,
  normalizePatientDetails,
} from './patient-details';

const VALID = {
  firstName: 'Emily',
  lastName: 'Carter',
  email: 'emily@mail.example',
  phoneNumber: '(303) 555-0161',
  dateOfBirth: '1988-04-12',
  sex: 'Female',
  notes: '',
};

describe('patient details rules', () => {
  it('trims every value and accepts a complete record (notes optional)', () => {
    const details = normalizePatientDetails({ ...VALID, firstName: '  Emily ', notes: undefined });
    expect(details.firstName).toBe('Emily');
    expect(details.notes).toBe('');
    expect(checkPatientDetails(details, '2025-06-09')).toEqual({});
  });

  it('names each missing or invalid field', () => {
    const errors = checkPatientDetails(
      normalizePatientDetails({ email: 'x', phoneNumber: '12', dateOfBirth: '2030-01-01', sex: 'X' }),
      '2025-06-09',
    );
    expect(Object.keys(errors).sort()).toEqual(
      ['dateOfBirth', 'email', 'firstName', 'lastName', 'phoneNumber', 'sex'].sort(),
    );
  });

  it.each([
    ['(303) 555-0161', true],
    ['+44 20 7946 0958', true],
    ['303.555.0161 ext. 12', true],
    ['555-01', false],
    ['1234567890123456', false],
    ['phone', false],
    ['303-555-0161; drop', false],
  ])('phone %s valid: %s', (value, valid) => {
    expect(isValidPhone(value)).toBe(valid);
  });

  it.each([
    ['a@b.co', true],
    ['first.last+tag@clinic.example', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@c.de', false],
  ])('email %s valid: %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });

  it.each([
    ['2000-02-29', true],
    ['1900-01-01', true],
    ['2025-06-09', true],
    ['2025-06-10', false],
    ['1899-12-31', false],
    ['2001-02-29', false],
    ['2001-13-01', false],
    ['2001-1-01', false],
  ])('birth date %s valid on 2025-06-09: %s', (value, valid) => {
    expect(isValidBirthDate(value, '2025-06-09')).toBe(valid);
  });
});

describe('account changes', () => {
  it('blank means keep; a password is taken as typed', () => {
    const changes = normalizeAccountChanges({ username: '  ', password: ' secret pass ', email: undefined });
    expect(changes).toEqual({ username: '', password: ' secret pass ', email: '' });
    expect(hasAccountChanges(changes)).toBe(true);
    expect(hasAccountChanges(normalizeAccountChanges({}))).toBe(false);
  });

  it('checks username, password length and e-mail', () => {
    expect(checkAccountChanges({ username: 'ok.name', password: 'longenough', email: 'a@b.co' })).toEqual({});
    expect(
      Object.keys(checkAccountChanges({ username: 'no spaces', password: 'short', email: 'x' })).sort(),
    ).toEqual(['email', 'password', 'username']);
  });
});
