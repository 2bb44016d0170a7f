import { PATIENT_SESSION_MS, SIGNED_IN_COOKIE, SIGNED_IN_COOKIE_MAX_AGE_S } from '@clinic/contract/constants';
import { normalizeRole, type Role } from '@clinic/contract/roles';

/** The localStorage keys of the signed-in user (spec §3, "Locally stored"). */
export const SESSION_KEYS = {
  jwt: 'jwt',
  role: 'role',
  patientId: 'patientId',
  doctorId: 'doctorId',
  username: 'username',
  sessionExpiry: 'sessionExpiry',
} as const;

/** Dispatched on window whenever the stored user changes in this tab (other tabs get 'storage'). */
export const USER_UPDATED_EVENT = 'user-updated';

export interface StoredSession {
  token: string;
  role: Role | null;
  username: string | null;
  patientId: string | null;
  doctorId: string | null;
  /** Epoch milliseconds after which a patient session has expired; null for staff. */
  sessionExpiry: number | null;
}

/** What the login calls answer (patient and staff alike). */
export interface LoginResult {
  token: string;
  username: string;
  role: Role;
  patientId?: number | string | null;
  doctorId?: number | string | null;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy settings); the app then behaves as signed out.
    return null;
  }
}

export function readToken(): string | null {
  return read(SESSION_KEYS.jwt) || null;
}

export function readSession(): StoredSession | null {
  const token = readToken();
  if (!token) return null;
  const expiry = Number(read(SESSION_KEYS.sessionExpiry));
  return {
    token,
    role: normalizeRole(read(SESSION_KEYS.role)),
    username: read(SESSION_KEYS.username),
    patientId: read(SESSION_KEYS.patientId),
    doctorId: read(SESSION_KEYS.doctorId),
    sessionExpiry: Number.isFinite(expiry) && expiry > 0 ? expiry : null,
  };
}

/** Dispatched on window when the API refuses the stored token (401): the session watch ends the session. */
export const SESSION_REJECTED_EVENT = 'session-rejected';

export function notifySessionRejected(): void {
  window.dispatchEvent(new CustomEvent(SESSION_REJECTED_EVENT));
}

export function notifyUserUpdated(): void {
  window.dispatchEvent(new CustomEvent(USER_UPDATED_EVENT));
}

/** Stores a successful login and tells the app. Patients also get the 30-minute session expiry. */
export function storeLogin(result: LoginResult, now: number = Date.now()): void {
  const storage = window.localStorage;
  for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
  storage.setItem(SESSION_KEYS.jwt, result.token);
  storage.setItem(SESSION_KEYS.role, result.role);
  storage.setItem(SESSION_KEYS.username, result.username);
  if (result.role === 'PATIENT') {
    if (result.patientId != null) storage.setItem(SESSION_KEYS.patientId, String(result.patientId));
    storage.setItem(SESSION_KEYS.sessionExpiry, String(now + PATIENT_SESSION_MS));
  } else if (result.doctorId != null) {
    storage.setItem(SESSION_KEYS.doctorId, String(result.doctorId));
  }
  markSignedIn(true);
  notifyUserUpdated();
}

/** Logout clears all local storage (spec §2), not only the session keys. */
export function clearAllStorage(): void {
  markSignedIn(false);
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored that we could clear.
  }
}

/**
 * Tells the server whether this browser is signed in (SIGNED_IN_COOKIE), so that it sends the app's shell,
 * not a page prerendered for signed-out visitors (docs/decisions/0050). The app calls it on every start too.
 */
export function markSignedIn(signedIn: boolean): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = signedIn
    ? `1; Max-Age=${SIGNED_IN_COOKIE_MAX_AGE_S}`
    : '; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  // biome-ignore lint/suspicious/noDocumentCookie: one flag and no credential; cookieStore is not in every browser.
  document.cookie = `${SIGNED_IN_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}
