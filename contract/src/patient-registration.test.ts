import { describe, expect, it } from 'vitest';
import { isIsoCalendarDate, validateRegistration } from './patient-registration';

const today = '2025-06-09';
const valid = {
  username: ' rosa ',
  password: 'pw',
  email: ' rosa@example.com ',
  firstName: ' Rosa ',
  lastName: 'Delgado',
  dateOfBirth: '1988-04-12',
  phoneNumber: '+1 (555) 010-2233',
  sex: 'female',
  notes: '  ',
};

describe('validateRegistration', () => {
  it('trims values, normalises sex and leaves notes optional', () => {
    const result = validateRegistration(valid, { today, checkPasswordLength: false });
    expect(result).toEqual({
      ok: true,
      value: {
        ...valid,
        username: 'rosa',
        email: 'rosa@example.com',
        firstName: 'Rosa',
        sex: 'Female',
        notes: '',
      },
    });
  });

  it('checks the password length only where asked (the server)', () => {
    expect(validateRegistration(valid, { today, checkPasswordLength: true })).toMatchObject({
      ok: false,
      errors: { password: 'Use at least 8 characters.' },
    });
  });

  it('names every missing field except notes', () => {
    const result = validateRegistration({}, { today, checkPasswordLength: false });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(
        [
          'dateOfBirth',
          'email',
          'firstName',
          'lastName',
          'password',
          'phoneNumber',
          'sex',
          'username',
        ].sort(),
      );
    }
  });

  it.each([
    ['email', 'no-at-sign.example.com'],
    ['email', 'a@b'],
    ['phoneNumber', '555-12'],
    ['phoneNumber', '555 0102 abc'],
    ['dateOfBirth', '1988-13-01'],
    ['dateOfBirth', '2025-06-10'],
    ['dateOfBirth', '1899-12-31'],
    ['sex', 'Unknown'],
    ['username', 'ab'],
  ])('refuses %s = %s', (field, value) => {
    const result = validateRegistration({ ...valid, [field]: value }, { today, checkPasswordLength: false });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });

  it('accepts a birthday of today', () => {
    expect(
      validateRegistration({ ...valid, dateOfBirth: today }, { today, checkPasswordLength: false }).ok,
    ).toBe(true);
  });

  it('knows real calendar days', () => {
    expect(isIsoCalendarDate('2024-02-29')).toBe(true);
    expect(isIsoCalendarDate('2023-02-29')).toBe(false);
    expect(isIsoCalendarDate('2023-2-28')).toBe(false);
  });
});
