import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later';
import { RouteErrorBoundary } from '../route-error';
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
  // first page keeps the browser's own focus order (skip link first). A menu the user has opened meanwhile
  // (a redirect after signing in lands while they reach for the navigation) keeps its focus and stays open.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      active.closest('[role="menu"]:not([hidden]), [aria-expanded="true"]')
    ) {
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.page}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      {/* A prerendered page hydrates part by part (src/components/hydrate-later.tsx). */}
      <HydrateLater>
        <header>
          <TopBar />
          <SiteHeader />
        </header>
      </HydrateLater>
      <HydrateLater>
        <SiteNav />
      </HydrateLater>
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </div>
  );
}

/** The layout route: the shell around the current page, which loads on demand. */
export function AppLayout() {
  return (
    <AppShell>
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ScrollToTop />
      <SessionWatch />
    </AppShell>
  );
}

/** Shown while a page's code loads: the shell is already painted, the page follows. */
function PageLoading() {
  return (
    <p className="visually-hidden" role="status">
      Loading…
    </p>
  );
}

/**
 * A new page starts at the top, as after a full page load; going back or forward (POP) leaves the
 * position to the browser. A link to an anchor (#id) scrolls there instead.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}
