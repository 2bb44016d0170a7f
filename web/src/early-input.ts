/**
 * Input on a prerendered page before the app has started (issue 12). The page paints from its HTML and
 * its links work at once, but its buttons (menus, the phone menu toggle, carousel arrows and dots, the
 * FAQ aside: that one is native) do nothing until the app's code has loaded, which on a slow phone takes
 * seconds. Rather than lose those presses, the entry holds them and hands them over once the app listens:
 * each is dispatched again, in order, on the same element, which hydration keeps.
 */

interface HeldClick {
  target: Element;
  init: MouseEventInit;
}

/** What a held press needs to be pressed again as the visitor pressed it (mouse or keyboard). */
function initOf(event: MouseEvent): MouseEventInit {
  return {
    bubbles: true,
    cancelable: true,
    composed: true,
    // 0 for a press from the keyboard (Enter or Space): menus then move focus into themselves.
    detail: event.detail,
    button: event.button,
    clientX: event.clientX,
    clientY: event.clientY,
    screenX: event.screenX,
    screenY: event.screenY,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
  };
}

/** The control a click pressed, when it is one the app handles: an enabled button. */
function heldControl(event: Event): Element | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const button = target.closest('button');
  if (!button || button.disabled) return null;
  return button;
}

/**
 * Starts holding presses of buttons in `root`; the function returned stops holding and presses them
 * again. Call it once the app listens for input (after hydrateRoot), so that the app sees each one.
 */
export function holdEarlyInput(root: Node): () => void {
  const held: HeldClick[] = [];
  const onClick = (event: Event) => {
    const control = heldControl(event);
    if (!control || !(event instanceof MouseEvent)) return;
    // The button's own default (submitting its form) waits with it.
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ target: control, init: initOf(event) });
  };
  root.addEventListener('click', onClick, { capture: true });
  return () => {
    root.removeEventListener('click', onClick, { capture: true });
    for (const { target, init } of held.splice(0)) {
      // A control the app has since removed, or disabled, is not pressed.
      if (!target.isConnected || (target instanceof HTMLButtonElement && target.disabled)) continue;
      target.dispatchEvent(new MouseEvent('click', init));
    }
  };
}
