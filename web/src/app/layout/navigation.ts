import { can } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import { dashboardPathFor } from '../../lib/dashboard-path';

export interface NavLink {
  kind: 'link';
  label: string;
  path: string;
}

export interface NavMenu {
  kind: 'menu';
  /** Stable id for aria-controls and tests. */
  id: string;
  label: string;
  items: NavLink[];
}

/** Where the content menus built from GET /api/content/menuStructure go (spec §2 Navigation). */
export interface NavContentMenus {
  kind: 'content-menus';
}

export interface NavLogout {
  kind: 'logout';
  label: string;
}

export type NavItem = NavLink | NavMenu | NavContentMenus | NavLogout;

const link = (label: string, path: string): NavLink => ({ kind: 'link', label, path });

const ALWAYS_SHOWN: readonly NavLink[] = [
  link('Home', '/'),
  link('Office', '/office'),
  link('Staff', '/staff'),
  link('Insurance', '/insurance'),
  link('Appointments', '/appointments'),
  link('Rewards', '/pointpatientinventory'),
];

/** The public pages other than Home and Appointments, under 'Public site' for staff. */
const PUBLIC_PAGES: NavLink[] = ALWAYS_SHOWN.filter((item) => !['/', '/appointments'].includes(item.path));

const CREATOR_ITEMS: readonly NavLink[] = [
  link('Manage Content', '/content-creator'),
  link('Insurance Patient Registration', '/register/insurance-patient'),
  link('Register Office', '/register/office'),
  link('Office Schedule', '/register/schedule'),
  link('Patient Authorization', '/register/authorization'),
  link('Register Insurance', '/register/insurance'),
  link('Procedure/Diagnosis', '/register/procedure-diagnosis'),
  link('Add Promotion', '/register/promotion'),
  link('Point Inventory', '/register/point-item'),
];

/**
 * The spec's full navigation for a role (§2 Navigation, §6); null means signed out. Pure data: what is
 * rendered is this list narrowed to built pages (see visibleNavigation).
 */
export function navigationFor(role: Role | null): NavItem[] {
  const staff = role !== null && role !== 'PATIENT';
  // Staff have up to five more entries: the public pages go under one menu for them, so that the staff
  // navigation fits one row down to 1024 px (issue 15). Visitors and patients see them as the spec lists.
  const items: NavItem[] = staff
    ? [
        ALWAYS_SHOWN[0]!,
        { kind: 'menu', id: 'public-site', label: 'Public site', items: PUBLIC_PAGES },
        link('Appointments', '/appointments'),
        { kind: 'content-menus' },
      ]
    : [...ALWAYS_SHOWN, { kind: 'content-menus' }];

  if (can(role, 'ui:creator-menu')) {
    items.push({ kind: 'menu', id: 'creator', label: 'Creator', items: [...CREATOR_ITEMS] });
  }

  if (role === null) {
    items.push(
      { kind: 'menu', id: 'register', label: 'Register', items: [link('Patient', '/register/patient')] },
      {
        kind: 'menu',
        id: 'login',
        label: 'Login',
        items: [link('Patient Login', '/login/patient'), link('Doctor Login', '/login/doctor')],
      },
    );
    return items;
  }

  if (can(role, 'ui:register-menu')) {
    const registerItems = [link('Patient', '/register/patient')];
    if (can(role, 'staff:register')) registerItems.push(link('Staff', '/register/staff'));
    if (can(role, 'account:manage')) registerItems.push(link('Create Account', '/register/admin'));
    items.push({ kind: 'menu', id: 'register', label: 'Register', items: registerItems });
  }
  // The day's work: one menu when there is more than one page of it.
  const work: NavLink[] = [];
  if (can(role, 'ui:all-patients')) work.push(link('All Patients', '/allpatients'));
  if (can(role, 'ui:check-in')) work.push(link('Check-In', '/frontdeskcheckin'));
  if (can(role, 'calendar:read')) work.push(link('Calendar', '/calendar'));
  if (can(role, 'authorization:worklist')) work.push(link('Authorizations', '/authorizations/worklist'));
  if (can(role, 'timesheet:read')) work.push(link('Timesheets', '/timesheets'));
  if (can(role, 'report:read')) work.push(link('Daily Report', '/reports/daily'));
  if (can(role, 'message:read')) work.push(link('Messages', '/messages'));
  if (can(role, 'ui:view-ratings')) work.push(link('View Ratings', '/ratingadminview'));
  if (can(role, 'audit:read')) work.push(link('Audit Log', '/audit'));
  if (work.length > 1) items.push({ kind: 'menu', id: 'clinic', label: 'Clinic', items: work });
  else items.push(...work);
  items.push(link('Dashboard', dashboardPathFor(role)));
  items.push({ kind: 'logout', label: 'Logout' });
  return items;
}

/**
 * The navigation as rendered: links only to built pages, menus reduced to their built items and
 * dropped when none is left.
 */
export function visibleNavigation(
  items: readonly NavItem[],
  isImplemented: (path: string) => boolean,
): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      if (isImplemented(item.path)) visible.push(item);
    } else if (item.kind === 'menu') {
      const menuItems = item.items.filter((entry) => isImplemented(entry.path));
      if (menuItems.length > 0) visible.push({ ...item, items: menuItems });
    } else {
      visible.push(item);
    }
  }
  return visible;
}
