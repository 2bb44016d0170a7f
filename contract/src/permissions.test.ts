import { describe, expect, it } from 'vitest';
import { mayEditOffice } from './permissions';

describe('mayEditOffice (one rule for the server and the screens)', () => {
  it('lets ADMIN and MANAGER edit any office, a DOCTOR only their own, and no one else', () => {
    expect(mayEditOffice('ADMIN', null, 3)).toBe(true);
    expect(mayEditOffice('MANAGER', 1, 3)).toBe(true);
    expect(mayEditOffice('DOCTOR', 3, 3)).toBe(true);
    expect(mayEditOffice('DOCTOR', 1, 3)).toBe(false);
    expect(mayEditOffice('DOCTOR', null, 3)).toBe(false);
    expect(mayEditOffice('FRONTDESK', 3, 3)).toBe(false);
    expect(mayEditOffice('PATIENT', 3, 3)).toBe(false);
    expect(mayEditOffice(null, null, 3)).toBe(false);
  });
});
