import type { Role } from '@clinic/contract/roles';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_PATHS, isImplementedPath } from '../../lib/page-paths';
import { type NavItem, navigationFor, visibleNavigation } from './navigation';

/** A readable shape of the menu: links as 'Label -> /path', menus as { Label: [...] }. */
function outline(items: readonly NavItem[]): unknown[] {
  return items.map((item) => {
    if (item.kind === 'link') return `${item.label} -> ${item.path}`;
    if (item.kind === 'menu')
      return { [item.label]: item.items.map((entry) => `${entry.label} -> ${entry.path}`) };
    if (item.kind === 'content-menus') return '[content menus]';
    return item.label;
  });
}

const ALWAYS = [
  'Home -> /',
  'Office -> /office',
  'Staff -> /staff',
  'Insurance -> /insurance',
  'Appointments -> /appointments',
  'Rewards -> /pointpatientinventory',
  '[content menus]',
];

/** Staff: the public pages under one menu, so that their longer navigation fits one row (issue 15). */
const STAFF_PUBLIC = [
  'Home -> /',
  {
    'Public site': [
      'Office -> /office',
      'Staff -> /staff',
      'Insurance -> /insurance',
      'Rewards -> /pointpatientinventory',
    ],
  },
  'Appointments -> /appointments',
  '[content menus]',
];

const CREATOR = {
  Creator: [
    'Manage Content -> /content-creator',
    'Insurance Patient Registration -> /register/insurance-patient',
    'Register Office -> /register/office',
    'Office Schedule -> /register/schedule',
    'Patient Authorization -> /register/authorization',
    'Register Insurance -> /register/insurance',
    'Procedure/Diagnosis -> /register/procedure-diagnosis',
    'Add Promotion -> /register/promotion',
    'Point Inventory -> /register/point-item',
  ],
};

const EXPECTED: Record<Role | 'signed out', unknown[]> = {
  'signed out': [
    ...ALWAYS,
    { Register: ['Patient -> /register/patient'] },
    { Login: ['Patient Login -> /login/patient', 'Doctor Login -> /login/doctor'] },
  ],
  ADMIN: [
    ...STAFF_PUBLIC,
    CREATOR,
    {
      Register: [
        'Patient -> /register/patient',
        'Staff -> /register/staff',
        'Create Account -> /register/admin',
      ],
    },
    {
      Clinic: [
        'All Patients -> /allpatients',
        'Check-In -> /frontdeskcheckin',
        'Calendar -> /calendar',
        'Authorizations -> /authorizations/worklist',
        'Timesheets -> /timesheets',
        'Daily Report -> /reports/daily',
        'Messages -> /messages',
        'View Ratings -> /ratingadminview',
        'Audit Log -> /audit',
      ],
    },
    'Dashboard -> /dashboard/doctor',
    'Logout',
  ],
  MANAGER: [
    ...STAFF_PUBLIC,
    CREATOR,
    { Register: ['Patient -> /register/patient'] },
    {
      Clinic: [
        'All Patients -> /allpatients',
        'Check-In -> /frontdeskcheckin',
        'Calendar -> /calendar',
        'Authorizations -> /authorizations/worklist',
        'Timesheets -> /timesheets',
        'Daily Report -> /reports/daily',
        'Messages -> /messages',
      ],
    },
    'Dashboard -> /dashboard/doctor',
    'Logout',
  ],
  FRONTDESK: [
    ...STAFF_PUBLIC,
    { Register: ['Patient -> /register/patient'] },
    {
      Clinic: [
        'All Patients -> /allpatients',
        'Check-In -> /frontdeskcheckin',
        'Calendar -> /calendar',
        'Authorizations -> /authorizations/worklist',
      ],
    },
    'Dashboard -> /dashboard/doctor',
    'Logout',
  ],
  DOCTOR: [
    ...STAFF_PUBLIC,
    { Register: ['Patient -> /register/patient'] },
    { Clinic: ['All Patients -> /allpatients', 'Calendar -> /calendar'] },
    'Dashboard -> /dashboard/doctor',
    'Logout',
  ],
  PATIENT: [...ALWAYS, 'Dashboard -> /dashboard/patient', 'Logout'],
};

describe('navigationFor', () => {
  it('gives a signed-out visitor the public links, Register (Patient) and Login', () => {
    expect(outline(navigationFor(null))).toEqual(EXPECTED['signed out']);
  });

  it.each(['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR', 'PATIENT'] as const)(
    'gives %s the spec menu',
    (role) => {
      expect(outline(navigationFor(role))).toEqual(EXPECTED[role]);
    },
  );
});

describe('visibleNavigation', () => {
  it('keeps only links to built pages and drops menus left empty', () => {
    const built = ['/', '/login/patient', '/register/office'];
    const visible = visibleNavigation(navigationFor('MANAGER'), (path) => built.includes(path));
    expect(outline(visible)).toEqual([
      'Home -> /',
      '[content menus]',
      { Creator: ['Register Office -> /register/office'] },
      'Logout',
    ]);
  });

  it('shows a menu item as soon as its route exists', () => {
    const built = IMPLEMENTED_PATHS.filter((path) => path !== '/register/patient');
    const before = visibleNavigation(navigationFor(null), (path) => isImplementedPath(path, built));
    const after = visibleNavigation(navigationFor(null), (path) =>
      isImplementedPath(path, [...built, '/register/patient']),
    );
    expect(outline(before)).not.toContainEqual({ Register: ['Patient -> /register/patient'] });
    expect(outline(after)).toContainEqual({ Register: ['Patient -> /register/patient'] });
  });
});

describe('isImplementedPath', () => {
  it('matches the routes of the router, with or without a query', () => {
    expect(IMPLEMENTED_PATHS).toEqual(
      expect.arrayContaining(['/', '/login/patient', '/login/doctor', '/terms']),
    );
    expect(isImplementedPath('/terms')).toBe(true);
    expect(isImplementedPath('/terms?x=1')).toBe(true);
    expect(isImplementedPath('/no-such-page')).toBe(false);
    expect(isImplementedPath('/content/12', ['/content/:id'])).toBe(true);
  });
});
