import { act } from '@testing-library/react';
import { POPUP_MESSAGE_TYPE, type PopupSelection } from '../lib/popup';

/**
 * Delivers popup choices to this window as the real popups do (postMessage from this origin); several
 * arrive together, before React renders again.
 */
export function receivePopupSelection(...selections: Omit<PopupSelection, 'type'>[]) {
  act(() => {
    for (const selection of selections) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: POPUP_MESSAGE_TYPE, ...selection },
          origin: window.location.origin,
        }),
      );
    }
  });
}
