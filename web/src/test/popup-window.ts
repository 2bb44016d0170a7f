import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { POPUP_MESSAGE_TYPE, type PopupSelection } from '../lib/popup';

/**
 * This window as a popup opened by a form: the opener's postMessage and window.close are recorded
 * (the setup file restores both after the test). Pass null for a popup opened directly.
 */
export function mockOpener(present = true) {
  const opener = { postMessage: vi.fn(), closed: false };
  vi.stubGlobal('opener', present ? opener : null);
  const close = vi.spyOn(window, 'close').mockImplementation(() => {});
  return { opener, close };
}

/** This window as the opener: a popup of `origin` (this site by default) sends it a choice. */
export function receiveFromPopup(selection: Omit<PopupSelection, 'type'>, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin, data: { type: POPUP_MESSAGE_TYPE, ...selection } }),
    );
  });
}
