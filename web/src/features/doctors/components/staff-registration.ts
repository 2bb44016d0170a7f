import { DEFAULT_DOCTOR_RATING } from '@clinic/contract/constants';
import {
  PASSWORD_MIN_LENGTH,
  type RegisteredStaff,
  type StaffRegistrationRole,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@clinic/contract/doctors';
import { MSG } from '@clinic/contract/messages';
import type { RegisterStaffInput } from '../api/register-staff';
import type { DoctorDetailsInput } from '../api/update-doctor-details';

export interface StaffForm {
  role: StaffRegistrationRole;
  username: string;
  password: string;
  /** The select's value: '' until an office is chosen. */
  officeId: string;
  firstName: string;
  lastName: string;
  specialty: string;
  bio: string;
  doctorPicture: string;
}

export type StaffFormErrors = Partial<Record<keyof StaffForm, string>>;

/** What has been done so far: a failed registration resumes from here instead of starting over. */
export interface StaffRegistrationProgress {
  /** Set once the account and its doctor record exist (steps 1 and 2). */
  registered: RegisteredStaff | null;
  /** Step 3. */
  detailsSaved: boolean;
}

export const NO_PROGRESS: StaffRegistrationProgress = { registered: null, detailsSaved: false };

export interface StaffRegistrationCalls {
  register: (input: RegisterStaffInput) => Promise<RegisteredStaff>;
  updateDetails: (doctorId: number, details: DoctorDetailsInput) => Promise<unknown>;
}

const USERNAME_RE = new RegExp(USERNAME_PATTERN);

/** The form's own checks (the server checks again); an empty object when it may be sent. */
export function validateStaffForm(form: StaffForm, progress: StaffRegistrationProgress): StaffFormErrors {
  const errors: StaffFormErrors = {};
  if (!progress.registered) {
    const username = form.username.trim();
    if (username.length < USERNAME_MIN_LENGTH || !USERNAME_RE.test(username)) {
      errors.username = `At least ${USERNAME_MIN_LENGTH} characters: letters, digits, . _ @ or -.`;
    }
    if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = MSG.passwordHint;
    if (!form.officeId) errors.officeId = 'Please choose an office.';
  }
  if (!form.firstName.trim() || !form.lastName.trim()) {
    if (!form.firstName.trim()) errors.firstName = MSG.namesRequired;
    if (!form.lastName.trim()) errors.lastName = MSG.namesRequired;
  }
  return errors;
}

/**
 * The registration's steps (§8 messages): 1 and 2 in one call (account and doctor record are created
 * together, so a failure leaves nothing behind), 3 the profile details. Steps already done are skipped, so
 * pressing the button again after a failure finishes the job without creating a second account.
 */
export async function runStaffRegistration(
  form: StaffForm,
  progress: StaffRegistrationProgress,
  calls: StaffRegistrationCalls,
  onProgress: (progress: StaffRegistrationProgress) => void,
): Promise<StaffRegistrationProgress> {
  let current = progress;
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  if (!current.registered) {
    const registered = await calls.register({
      username: form.username.trim(),
      password: form.password,
      officeId: Number(form.officeId),
      role: form.role,
      firstName,
      lastName,
      specialty: form.specialty,
    });
    current = { ...current, registered };
    onProgress(current);
  }
  if (!current.detailsSaved && current.registered) {
    await calls.updateDetails(current.registered.doctorId, {
      firstName,
      lastName,
      bio: form.bio.trim(),
      specialty: form.specialty,
      officeId: current.registered.officeId,
      doctorPicture: form.doctorPicture,
      rating: DEFAULT_DOCTOR_RATING,
    });
    current = { ...current, detailsSaved: true };
    onProgress(current);
  }
  return current;
}

/** The §8 messages of the steps done, in order. */
export function progressMessages(progress: StaffRegistrationProgress): string[] {
  const messages: string[] = [];
  if (progress.registered) messages.push(MSG.doctorCredentialsRegistered, MSG.doctorEntityCreated);
  if (progress.detailsSaved) messages.push(MSG.doctorInfoUpdated);
  return messages;
}
