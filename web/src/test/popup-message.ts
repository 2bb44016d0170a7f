import { act } from '@testing-library/react';
import { POPUP_MESSAGE_TYPE, type PopupSelection } from '../lib/popup';

/** Delivers a popup's choice to this window as the real popup does (postMessage from this origin). */
export function receivePopupSelection(selection: Omit<PopupSelection, 'type'>) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: POPUP_MESSAGE_TYPE, ...selection },
        origin: window.location.origin,
      }),
    );
  });
}
