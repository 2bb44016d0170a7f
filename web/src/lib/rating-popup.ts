import { openPopup } from './popup';

/**
 * The rating popup (spec §2 Popups: /ratingpopup): the appointment to rate travels in session storage
 * (§3), which a window opened with window.open from this origin receives a copy of. Kept in lib so that
 * any screen (the dashboard's appointments and ratings tables) can open it and hear back from it.
 */
export const RATING_POPUP_PATH = '/ratingpopup';
export const RATING_APPOINTMENT_KEY = 'ratingAppointmentId';
/** The `source` of the message the popup sends its opener once the visit is rated. */
export const RATING_POPUP_SOURCE = 'rating';

/** The stored appointment id, or null when there is none (the popup was opened directly). */
export function readRatingAppointmentId(): number | null {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(RATING_APPOINTMENT_KEY);
  } catch {
    // Storage disabled: nothing to rate.
  }
  if (!stored || !/^\d+$/.test(stored.trim())) return null;
  const id = Number(stored);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Stores the id, then opens the popup. Each visit gets its own window: a window that is already open
 * keeps the session storage it was opened with, so reusing one would rate the previous visit.
 */
export function openRatingPopup(appointmentId: number): Window | null {
  window.sessionStorage.setItem(RATING_APPOINTMENT_KEY, String(appointmentId));
  return openPopup(RATING_POPUP_PATH, { name: `rating-${appointmentId}` });
}
