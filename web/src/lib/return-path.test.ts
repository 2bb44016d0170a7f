import { describe, expect, it } from 'vitest';
import { returnPathFrom, withReturn } from './return-path';

describe('returnPathFrom', () => {
  it("accepts the app's own pages, with their query", () => {
    expect(returnPathFrom('/appointments')).toBe('/appointments');
    expect(returnPathFrom('/dashboard/patient?tab=1')).toBe('/dashboard/patient?tab=1');
  });

  it('refuses other sites, unknown pages and nothing at all', () => {
    for (const value of [
      null,
      undefined,
      '',
      'appointments',
      '//evil.example/appointments',
      'https://evil.example',
      '/\\evil.example',
      '/ appointments',
      '/no-such-page',
      `/appointments?${'x'.repeat(600)}`,
    ]) {
      expect(returnPathFrom(value), String(value)).toBeNull();
    }
  });
});

describe('withReturn', () => {
  it('adds the return path when it is one of ours, and nothing otherwise', () => {
    expect(withReturn('/login/patient', '/appointments')).toBe('/login/patient?next=%2Fappointments');
    expect(withReturn('/login/patient', 'https://evil.example')).toBe('/login/patient');
    expect(withReturn('/login/patient', null)).toBe('/login/patient');
  });
});
