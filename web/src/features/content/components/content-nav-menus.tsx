import { MENU_CLOSE_DELAY_MS } from '@clinic/contract/constants';
import type { ContentMenuEntry, MenuStructure } from '@clinic/contract/content';
import {
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useDismissOnLeave } from '../../../lib/dismiss-on-leave';
import { useMenuStructure } from '../api/get-menu-structure';
import styles from './content-nav-menus.module.css';

// The overlay (dialog, page body) loads when a title is first chosen, not with every page.
const ContentOverlay = lazy(() => import('./content-overlay').then((m) => ({ default: m.ContentOverlay })));

interface ContentMenuProps {
  name: string;
  categories: Record<string, ContentMenuEntry[]>;
}

/**
 * One content menu of the navigation: a button with the top-level name opening a panel with the
 * categories on the left and the chosen category's titles on the right. It opens on hover (closing
 * MENU_CLOSE_DELAY_MS after the pointer leaves), on click and from the keyboard; Escape, a click outside
 * or focus leaving closes it. A title opens the page in the content overlay.
 */
function ContentMenu({ name, categories }: ContentMenuProps) {
  const id = useId();
  const categoryNames = Object.keys(categories);
  // 'hover' opened by the pointer resting on it; 'pinned' by a click or the keyboard (stays until closed).
  const [openedBy, setOpenedBy] = useState<'hover' | 'pinned' | null>(null);
  const open = openedBy !== null;
  const [active, setActive] = useState(categoryNames[0] ?? '');
  const [overlay, setOverlay] = useState<ContentMenuEntry | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const activeCategory = categories[active] ? active : (categoryNames[0] ?? '');
  const titles = categories[activeCategory] ?? [];

  const cancelClose = useCallback(() => {
    if (closeTimer.current !== undefined) clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);

  const close = useCallback(
    (returnFocus: boolean) => {
      cancelClose();
      setOpenedBy(null);
      if (returnFocus) triggerRef.current?.focus();
    },
    [cancelClose],
  );

  useEffect(() => cancelClose, [cancelClose]);

  const leave = useCallback(() => close(false), [close]);
  useDismissOnLeave(rootRef, open, leave);

  const onPointerEnter = (event: PointerEvent) => {
    // The overlay's dialog sits inside this element: moving over it must not open the menu behind it.
    if (event.pointerType !== 'mouse' || overlay) return;
    cancelClose();
    setOpenedBy((current) => current ?? 'hover');
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !open) return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = undefined;
      setOpenedBy(null);
    }, MENU_CLOSE_DELAY_MS);
  };

  const focusFirstCategory = () =>
    requestAnimationFrame(() => panelRef.current?.querySelector<HTMLButtonElement>('button')?.focus());

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpenedBy('pinned');
      focusFirstCategory();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  const openPage = (entry: ContentMenuEntry) => {
    close(true); // focus goes back to the trigger first, so the overlay returns it there
    setOverlay(entry);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the menu for mice; the button is the control.
    <div
      ref={rootRef}
      className={styles.root}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
    >
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          cancelClose();
          // A click on a menu the pointer just opened keeps it open rather than closing it under the pointer.
          setOpenedBy((current) => (current === 'pinned' ? null : 'pinned'));
        }}
        onKeyDown={onTriggerKeyDown}
      >
        {name}
        <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div ref={panelRef} id={`${id}-panel`} className={styles.panel} hidden={!open}>
        <ul className={styles.categories} aria-label={`${name}: categories`}>
          {categoryNames.map((category) => (
            <li key={category}>
              <button
                type="button"
                className={styles.category}
                aria-pressed={category === activeCategory}
                aria-controls={`${id}-titles`}
                onClick={() => setActive(category)}
                onFocus={() => setActive(category)}
                onPointerEnter={() => setActive(category)}
              >
                {category}
              </button>
            </li>
          ))}
        </ul>
        <ul id={`${id}-titles`} className={styles.titles} aria-label={activeCategory}>
          {titles.map((entry) => (
            <li key={entry.id}>
              <button type="button" className={styles.title} onClick={() => openPage(entry)}>
                {entry.title}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {overlay ? (
        <Suspense fallback={null}>
          <ContentOverlay id={overlay.id} title={overlay.title} onClose={() => setOverlay(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

interface ContentNavMenusProps {
  /** The navigation's list-item class, so the menus sit in the bar like its other entries. */
  itemClassName?: string;
}

/**
 * The content menus of the navigation (spec §2 Navigation), one list item per top-level name of
 * GET /api/content/menuStructure. Nothing while it loads or if it fails: the rest of the bar stays usable.
 */
export function ContentNavMenus({ itemClassName }: ContentNavMenusProps) {
  const menus = useMenuStructure();
  const structure: MenuStructure = menus.data ?? {};
  return (
    <>
      {Object.entries(structure).map(([name, categories]) => (
        <li key={name} className={itemClassName}>
          <ContentMenu name={name} categories={categories} />
        </li>
      ))}
    </>
  );
}
