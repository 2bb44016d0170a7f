import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { DropdownMenu } from '../../components/dropdown-menu';
import { isImplementedPath } from '../../lib/page-paths';
import { LOGOUT_REDIRECT_PATH, logout, useSession } from '../../lib/session';
import { ContentMenus } from './content-menus';
import { type NavItem, navigationFor, visibleNavigation } from './navigation';
import styles from './site-nav.module.css';

interface SiteNavProps {
  /** Which link targets have a page; the router's list unless a test says otherwise. */
  isImplemented?: (path: string) => boolean;
}

/** The sticky main navigation: the spec's menu for the current role, narrowed to built pages. */
export function SiteNav({ isImplemented = isImplementedPath }: SiteNavProps) {
  const session = useSession();
  const role = session ? session.role : null;
  const items = useMemo(() => visibleNavigation(navigationFor(role), isImplemented), [role, isImplemented]);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A followed link closes the collapsed menu: when the page changes, not when the app starts (a tap on the
  // toggle made before the app ran is replayed as it starts, src/early-input.ts).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setExpanded(false);
  }

  const onLogout = async () => {
    await logout();
    queryClient.clear();
    navigate(LOGOUT_REDIRECT_PATH);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && expanded) {
      setExpanded(false);
      toggleRef.current?.focus();
    }
  };

  const renderItem = (item: NavItem) => {
    switch (item.kind) {
      case 'link':
        return (
          <li key={item.path} className={styles.item}>
            <NavLink to={item.path} end className={styles.link}>
              {item.label}
            </NavLink>
          </li>
        );
      case 'menu':
        return (
          <li key={item.id} className={styles.item}>
            <DropdownMenu
              label={item.label}
              items={item.items.map((entry) => ({ label: entry.label, to: entry.path }))}
            />
          </li>
        );
      case 'content-menus':
        return <ContentMenus key="content-menus" />;
      case 'logout':
        return (
          <li key="logout" className={`${styles.item} ${styles.end}`}>
            <button type="button" className={styles.link} onClick={onLogout}>
              {item.label}
            </button>
          </li>
        );
    }
  };

  return (
    <nav className={styles.nav} aria-label="Main" onKeyDown={onKeyDown}>
      <div className={styles.inner}>
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            {expanded ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          Menu
        </button>
        <ul id={listId} className={styles.list} data-expanded={expanded}>
          {items.map(renderItem)}
        </ul>
      </div>
    </nav>
  );
}
