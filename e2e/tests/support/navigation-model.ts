import type { Role } from '@clinic/contract/roles';
import { type NavItem, navigationFor, visibleNavigation } from '../../../web/src/app/layout/navigation';
import { PAGE_PATHS } from '../../../web/src/lib/page-paths';

/**
 * What the main navigation must show for a role, computed from the web app's own navigation model (the
 * spec's full menu per role) narrowed to the pages that are built (web/src/lib/page-paths.ts, plain data
 * that the route table must match), so the expectation follows as pages are added.
 */
export const IMPLEMENTED_PATHS: readonly string[] = PAGE_PATHS;

/** Route patterns as react-router matches them: ':param' is one segment, a trailing '*' anything. */
function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '[^/]*' : '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

const IMPLEMENTED_PATTERNS = IMPLEMENTED_PATHS.map(patternToRegExp);

export function isImplemented(target: string): boolean {
  const pathname = target.split(/[?#]/, 1)[0] || '/';
  return IMPLEMENTED_PATTERNS.some((pattern) => pattern.test(pathname));
}

export interface ExpectedMenu {
  label: string;
  items: { label: string; path: string }[];
}

export interface ExpectedNavigation {
  /** The top-level entries in order, as their visible labels (links, menu buttons, Logout). */
  labels: string[];
  links: { label: string; path: string }[];
  menus: ExpectedMenu[];
  hasLogout: boolean;
  /** Where a login of this role lands: its dashboard, or home while that page is not built. */
  loginRedirect: string;
}

/**
 * @param contentMenuNames the top-level names of GET /api/content/menuStructure (shown after the
 *   always-shown links), empty while the content feature is not there.
 */
export function expectedNavigation(
  role: Role | null,
  contentMenuNames: readonly string[] = [],
): ExpectedNavigation {
  const full = navigationFor(role);
  const visible: NavItem[] = visibleNavigation(full, isImplemented);
  const expected: ExpectedNavigation = {
    labels: [],
    links: [],
    menus: [],
    hasLogout: false,
    loginRedirect: '/',
  };
  for (const item of visible) {
    switch (item.kind) {
      case 'link':
        expected.labels.push(item.label);
        expected.links.push({ label: item.label, path: item.path });
        break;
      case 'menu':
        expected.labels.push(item.label);
        expected.menus.push({
          label: item.label,
          items: item.items.map((i) => ({ label: i.label, path: i.path })),
        });
        break;
      case 'content-menus':
        expected.labels.push(...contentMenuNames);
        break;
      case 'logout':
        expected.labels.push(item.label);
        expected.hasLogout = true;
        break;
    }
  }
  const dashboard = full.find((item) => item.kind === 'link' && item.label === 'Dashboard');
  if (dashboard?.kind === 'link' && isImplemented(dashboard.path)) expected.loginRedirect = dashboard.path;
  return expected;
}
