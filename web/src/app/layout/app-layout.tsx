import { type ReactNode, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import styles from './app-layout.module.css';
import { SessionWatch } from './session-watch';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteNav } from './site-nav';
import { TopBar } from './top-bar';

export const MAIN_CONTENT_ID = 'main-content';

/** The chrome every page shares (spec §2 Layout): top bar, header, sticky navigation, main, footer. */
export function AppShell({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // After a client-side navigation, move focus to the new page so screen readers start there. The
  // first page keeps the browser's own focus order (skip link first).
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.page}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <header>
        <TopBar />
        <SiteHeader />
      </header>
      <SiteNav />
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** The layout route: the shell around the current page. */
export function AppLayout() {
  return (
    <AppShell>
      <Outlet />
      <ScrollRestoration />
      <SessionWatch />
    </AppShell>
  );
}

/** Shown while the first page's code loads: the shell paints at once, the page follows. */
export function AppLayoutFallback() {
  return (
    <AppShell>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    </AppShell>
  );
}
