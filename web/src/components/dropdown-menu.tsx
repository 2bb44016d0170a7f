import { MENU_CLOSE_DELAY_MS } from '@clinic/contract/constants';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { NavLink } from 'react-router';
import { useDismissOnLeave } from '../lib/dismiss-on-leave';
import styles from './dropdown-menu.module.css';

export interface DropdownMenuItem {
  label: string;
  to: string;
}

interface DropdownMenuProps {
  label: string;
  items: readonly DropdownMenuItem[];
  className?: string;
}

type OpenedBy = 'hover' | 'pinned';

/**
 * A menu button (WAI-ARIA menu button pattern) whose items are links. It opens on mouse hover and on
 * click, Enter, Space or ArrowDown; it closes MENU_CLOSE_DELAY_MS after the pointer leaves (spec §9),
 * at once on Escape (focus returns to the trigger), when focus leaves it and on a click outside.
 */
export function DropdownMenu({ label, items, className }: DropdownMenuProps) {
  const menuId = useId();
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  const [focusTarget, setFocusTarget] = useState<'first' | 'last' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const open = openedBy !== null;

  const cancelScheduledClose = useCallback(() => {
    if (closeTimer.current !== undefined) {
      clearTimeout(closeTimer.current);
      closeTimer.current = undefined;
    }
  }, []);

  const close = useCallback(
    (returnFocus: boolean) => {
      cancelScheduledClose();
      setOpenedBy(null);
      if (returnFocus) triggerRef.current?.focus();
    },
    [cancelScheduledClose],
  );

  const openWithFocus = (target: 'first' | 'last') => {
    cancelScheduledClose();
    setOpenedBy('pinned');
    setFocusTarget(target);
  };

  useEffect(() => cancelScheduledClose, [cancelScheduledClose]);

  const leave = useCallback(() => close(false), [close]);
  useDismissOnLeave(rootRef, open, leave);

  useEffect(() => {
    if (!open || focusTarget === null) return;
    const refs = itemRefs.current.filter((item): item is HTMLAnchorElement => item !== null);
    (focusTarget === 'first' ? refs[0] : refs[refs.length - 1])?.focus();
    setFocusTarget(null);
  }, [open, focusTarget]);

  // Hover belongs to mice; on touch screens the tap (a click) toggles the menu instead.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelScheduledClose();
    setOpenedBy((current) => current ?? 'hover');
  };

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !open) return;
    cancelScheduledClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = undefined;
      setOpenedBy(null);
    }, MENU_CLOSE_DELAY_MS);
  };

  const onTriggerClick = (event: MouseEvent<HTMLButtonElement>) => {
    // detail 0: activated from the keyboard (Enter or Space), so move focus into the menu.
    if (event.detail === 0) {
      if (open) close(true);
      else openWithFocus('first');
      return;
    }
    cancelScheduledClose();
    // A click on a menu that hover just opened keeps it open rather than closing it under the pointer.
    setOpenedBy((current) => (current === 'hover' ? 'pinned' : current === null ? 'pinned' : null));
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWithFocus('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWithFocus('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const refs = itemRefs.current.filter((item): item is HTMLAnchorElement => item !== null);
    const index = refs.indexOf(document.activeElement as HTMLAnchorElement);
    const focusAt = (next: number) => refs[(next + refs.length) % refs.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(refs.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        // Tab continues from the trigger, so focus lands on the control after (or before) the menu.
        close(true);
        break;
    }
  };

  return (
    <div
      ref={rootRef}
      className={[styles.root, className ?? ''].filter(Boolean).join(' ')}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div
        id={menuId}
        role="menu"
        aria-label={label}
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item, index) => (
          <NavLink
            key={item.to}
            ref={(element) => {
              itemRefs.current[index] = element;
            }}
            to={item.to}
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            onClick={() => close(false)}
          >
            {item.label}
          </NavLink>
        ))}
      </div>
    </div>
  );
}
