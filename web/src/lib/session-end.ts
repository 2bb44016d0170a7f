import { MSG } from '@clinic/contract/messages';
import type { Role } from '@clinic/contract/roles';
import { useEffect, useState } from 'react';
import { logout } from './session';
import { readSession } from './session-storage';

/** Why a session ended by itself (spec §4, §8). */
export type SessionEndReason = 'inactivity' | 'expired';

const NOTICES: Record<SessionEndReason, string> = {
  inactivity: MSG.loggedOutInactivity,
  expired: MSG.sessionExpired,
};

/** Kept in sessionStorage: logout clears localStorage, and the login page must still say why. */
export const SESSION_END_NOTICE_KEY = 'sessionEndNotice';

/** Patients sign in again at the patient login, everyone else at the staff login (spec §8 Session). */
export function loginPathFor(role: Role | null): '/login/patient' | '/login/doctor' {
  return role === 'PATIENT' ? '/login/patient' : '/login/doctor';
}

/**
 * Ends the session for a reason and returns the login page to go to. The role is read BEFORE the storage is
 * cleared: the spec notes the original cleared it first, so that patients were always sent to the staff login.
 */
export async function endSession(reason: SessionEndReason): Promise<string> {
  const path = loginPathFor(readSession()?.role ?? null);
  try {
    window.sessionStorage.setItem(SESSION_END_NOTICE_KEY, reason);
  } catch {
    // Without storage the login page simply shows no notice.
  }
  await logout();
  return path;
}

function readNotice(): string | null {
  try {
    const reason = window.sessionStorage.getItem(SESSION_END_NOTICE_KEY);
    return reason === 'inactivity' || reason === 'expired' ? NOTICES[reason] : null;
  } catch {
    return null;
  }
}

/**
 * The notice for the login page, shown once: 'You have been logged out due to inactivity.' or 'Your
 * session has expired. Please log in again.'; null when the last session ended normally.
 */
export function useSessionEndNotice(): string | null {
  // Read during the first render, forgotten after it (StrictMode may render twice; effects may repeat).
  const [notice] = useState(readNotice);
  useEffect(() => {
    try {
      window.sessionStorage.removeItem(SESSION_END_NOTICE_KEY);
    } catch {
      // Nothing stored.
    }
  }, []);
  return notice;
}
