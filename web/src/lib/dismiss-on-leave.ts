import { type RefObject, useEffect } from 'react';

/**
 * Closes an open menu when the user leaves it: a click outside, or focus moving out of it (Tab, or a script).
 * Both wait for the click to have done its work. Closing at pointerdown, or when a press moves focus, made
 * what follows an in-place menu (the phone's navigation) move up under the finger before the click, which
 * then landed on another entry (issue 28); the click outside closes the menu instead.
 */
export function useDismissOnLeave(
  rootRef: RefObject<HTMLElement | null>,
  open: boolean,
  onLeave: () => void,
): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return undefined;
    let pressing = false;
    const onPointerDown = () => {
      pressing = true;
    };
    const onPointerUp = () => {
      pressing = false;
    };
    const onClick = (event: MouseEvent) => {
      if (!root.contains(event.target as Node)) onLeave();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!pressing && !root.contains(event.relatedTarget as Node | null)) onLeave();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointerup', onPointerUp, true);
    document.addEventListener('pointercancel', onPointerUp, true);
    document.addEventListener('click', onClick);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointerup', onPointerUp, true);
      document.removeEventListener('pointercancel', onPointerUp, true);
      document.removeEventListener('click', onClick);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [rootRef, open, onLeave]);
}
