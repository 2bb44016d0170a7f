import { MSG } from '@clinic/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import {
  NO_PROGRESS,
  progressMessages,
  runStaffRegistration,
  type StaffForm,
  validateStaffForm,
} from './staff-registration';

const form: StaffForm = {
  role: 'MANAGER',
  username: ' iris.novak ',
  password: 'long-enough-1',
  officeId: '3',
  firstName: ' Iris ',
  lastName: 'Novak',
  specialty: 'PT Staff',
  bio: ' Hello. ',
  doctorPicture: 'iris.png',
};

const registered = {
  doctorId: 42,
  officeId: 3,
  officeName: 'Portland',
  firstName: 'Iris',
  lastName: 'Novak',
  specialty: 'PT Staff',
  bio: '',
  doctorPicture: '',
  rating: 100,
  username: 'iris.novak',
  role: 'MANAGER',
};

describe('validateStaffForm', () => {
  it('asks for username, password, office and both names', () => {
    const errors = validateStaffForm(
      { ...form, username: 'a', password: 'short', officeId: '', firstName: ' ', lastName: '' },
      NO_PROGRESS,
    );
    expect(Object.keys(errors).sort()).toEqual(['firstName', 'lastName', 'officeId', 'password', 'username']);
    expect(errors.password).toBe(MSG.passwordHint);
    expect(errors.firstName).toBe(MSG.namesRequired);
    expect(validateStaffForm(form, NO_PROGRESS)).toEqual({});
  });

  it('once the account exists, only the names are checked', () => {
    const progress = { registered, detailsSaved: false };
    expect(validateStaffForm({ ...form, password: '', officeId: '' }, progress)).toEqual({});
  });
});

describe('runStaffRegistration', () => {
  it('runs credentials (with the record) then details, reporting the §8 messages in order', async () => {
    const calls = { register: vi.fn(async () => registered), updateDetails: vi.fn(async () => ({})) };
    const seen: string[][] = [];
    const result = await runStaffRegistration(form, NO_PROGRESS, calls, (p) =>
      seen.push(progressMessages(p)),
    );
    expect(calls.register).toHaveBeenCalledWith({
      username: 'iris.novak',
      password: 'long-enough-1',
      officeId: 3,
      role: 'MANAGER',
      firstName: 'Iris',
      lastName: 'Novak',
      specialty: 'PT Staff',
    });
    expect(calls.updateDetails).toHaveBeenCalledWith(42, {
      firstName: 'Iris',
      lastName: 'Novak',
      bio: 'Hello.',
      specialty: 'PT Staff',
      officeId: 3,
      doctorPicture: 'iris.png',
      rating: 100,
    });
    expect(seen).toEqual([
      [MSG.doctorCredentialsRegistered, MSG.doctorEntityCreated],
      [MSG.doctorCredentialsRegistered, MSG.doctorEntityCreated, MSG.doctorInfoUpdated],
    ]);
    expect(result.detailsSaved).toBe(true);
  });

  it('after a failed details step, trying again does not register a second account', async () => {
    const calls = {
      register: vi.fn(async () => registered),
      updateDetails: vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({}),
    };
    let progress = NO_PROGRESS;
    await expect(runStaffRegistration(form, progress, calls, (p) => (progress = p))).rejects.toThrow(
      'offline',
    );
    expect(progress).toEqual({ registered, detailsSaved: false });
    await runStaffRegistration(form, progress, calls, (p) => (progress = p));
    expect(calls.register).toHaveBeenCalledTimes(1);
    expect(calls.updateDetails).toHaveBeenCalledTimes(2);
    expect(progress.detailsSaved).toBe(true);
  });

  it('a failed credentials step reports nothing done', async () => {
    const calls = { register: vi.fn(async () => Promise.reject(new Error('taken'))), updateDetails: vi.fn() };
    const onProgress = vi.fn();
    await expect(runStaffRegistration(form, NO_PROGRESS, calls, onProgress)).rejects.toThrow('taken');
    expect(onProgress).not.toHaveBeenCalled();
    expect(calls.updateDetails).not.toHaveBeenCalled();
  });
});
