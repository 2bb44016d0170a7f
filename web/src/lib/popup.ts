import { useEffect, useRef } from 'react';

/**
 * The spec's popup windows (§2 Popups): a page opened with window.open that sends the chosen value back to
 * the page that opened it, then closes. Messages travel with postMessage and are accepted only from this
 * origin, so another site cannot inject a selection.
 */
export const POPUP_MESSAGE_TYPE = 'clinic-popup-selection';

/**
 * The source of a choice made in the insurance record selector (/insurance-record-selector?patientId=):
 * its id is the record's insptId. Kept here so that forms of any feature (the authorization form) can
 * listen for it without importing the feature that owns the popup.
 */
export const INSURANCE_RECORD_POPUP_SOURCE = 'insurance-record';

export interface PopupSelection {
  type: typeof POPUP_MESSAGE_TYPE;
  /** Which popup sent it, e.g. 'search', 'office-search', 'procedure-diagnosis', 'insurance-record'. */
  source: string;
  /** The opener's field the value is for (the search popup's inputTarget), when given. */
  target?: string;
  id: string | number;
  /** The display text of the choice. */
  name: string;
  /** Anything else the opener may want (e.g. the code of a procedure). */
  extra?: Record<string, unknown>;
}

export interface OpenPopupOptions {
  width?: number;
  height?: number;
  /** Window name: opening the same popup twice reuses its window. */
  name?: string;
}

/** Opens a popup route of this app centred over the current window (600x600 by default, spec §9). */
export function openPopup(
  path: string,
  { width = 600, height = 600, name = 'clinic-popup' }: OpenPopupOptions = {},
) {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const features = `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
  const popup = window.open(path, name, features);
  popup?.focus();
  return popup;
}

/**
 * Sends a choice to the opener and (by default) closes this popup. Returns false when there is no opener
 * (the popup was opened directly), so the page can say so instead of silently doing nothing.
 */
export function sendToOpener(
  selection: Omit<PopupSelection, 'type'>,
  { close = true }: { close?: boolean } = {},
): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  const message: PopupSelection = { type: POPUP_MESSAGE_TYPE, ...selection };
  opener.postMessage(message, window.location.origin);
  if (close) window.close();
  return true;
}

export function isPopupSelection(data: unknown): data is PopupSelection {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === POPUP_MESSAGE_TYPE &&
    typeof d.source === 'string' &&
    (typeof d.id === 'string' || typeof d.id === 'number') &&
    typeof d.name === 'string'
  );
}

/** Listens for selections from this app's popups; returns the function that stops listening. */
export function onPopupMessage(handler: (selection: PopupSelection) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    if (isPopupSelection(event.data)) handler(event.data);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/** React form of onPopupMessage: the latest handler is used without re-subscribing on every render. */
export function usePopupMessage(handler: (selection: PopupSelection) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onPopupMessage((selection) => ref.current(selection)), []);
}
