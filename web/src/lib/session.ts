import { useSyncExternalStore } from 'react';
import { apiRequest } from './api-client';
import {
  clearAllStorage,
  notifyUserUpdated,
  readSession,
  readToken,
  SESSION_KEYS,
  type StoredSession,
  USER_UPDATED_EVENT,
} from './session-storage';

export const LOGOUT_REDIRECT_PATH = '/login/patient';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared the whole storage.
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) onChange();
  };
  window.addEventListener(USER_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(USER_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore needs the same object back while nothing changed.
let cachedKey = '';
let cachedSession: StoredSession | null = null;

function getSnapshot(): StoredSession | null {
  const next = readSession();
  const key = next ? JSON.stringify(next) : '';
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = next;
  }
  return cachedSession;
}

function getServerSnapshot(): StoredSession | null {
  return null;
}

/**
 * The signed-in user, or null when signed out. Signed in means a jwt is stored (spec §4); the value
 * refreshes on the 'user-updated' event (this tab) and on 'storage' events (other tabs).
 */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * Ends the session: tells the server (so the token is revoked at once; a failure does not keep the
 * user signed in), clears all local storage and notifies the app. The caller navigates to
 * LOGOUT_REDIRECT_PATH.
 */
export async function logout(): Promise<void> {
  const token = readToken();
  clearAllStorage();
  notifyUserUpdated();
  if (!token) return;
  try {
    await apiRequest<unknown>('/auth/logout', { method: 'POST', token });
  } catch {
    // The local session is gone either way; an unreachable server must not block signing out.
  }
}
