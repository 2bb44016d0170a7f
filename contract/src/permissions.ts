import type { Role } from './roles';

/**
 * Named permissions (spec §6). Every route declares one of these (or 'public'); the server enforces them,
 * the web app uses `can()` only to show or hide. A permission ending in ':own' grants access to the
 * caller's own records only; the module's record check decides which records those are.
 */
export const PERMISSIONS = {
  'account:manage': ['ADMIN'],
  'audit:read': ['ADMIN'],
  'staff:register': ['ADMIN'],
  'staff:profile:own': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'staff:directory:manage': ['ADMIN', 'MANAGER'],
  /** Edit any doctor/staff record's details, including specialty, rating and office. */
  'staff:edit:any': ['ADMIN'],
  'clock:use:own': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'clock:read:any': ['ADMIN', 'MANAGER'],
  /** Timesheets of an office's staff (issue 15), and correcting a shift with a reason. */
  'timesheet:read': ['ADMIN', 'MANAGER'],
  'timesheet:correct': ['ADMIN', 'MANAGER'],
  /** The provider calendar (issue 15): staff who run check-in at the office (a doctor: their own). */
  'calendar:read': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  /**
   * Moving a visit on the calendar to another provider, day or time of its office, by the booking rules, and
   * giving a visit booked with 'Not Sure' its provider.
   */
  'appointment:move': ['ADMIN', 'MANAGER', 'FRONTDESK'],
  /** The messages outbox (issue 16): what was sent to which patient, or why not. */
  'message:read': ['ADMIN', 'MANAGER'],
  /** The daily report of an office's visits (issue 15): counts, no patient data. */
  'report:read': ['ADMIN', 'MANAGER'],

  'patient:register': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'patient:read:any': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'patient:read:own': ['PATIENT'],
  'patient:edit:own': ['PATIENT'],
  'patient:manage': ['ADMIN', 'MANAGER'],
  'patient:delete': ['ADMIN'],

  'appointment:read:any': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'appointment:read:own': ['PATIENT'],
  'appointment:book:any': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'appointment:book:own': ['PATIENT'],
  'appointment:edit': ['ADMIN'],
  'checkin:any-office': ['ADMIN', 'MANAGER', 'FRONTDESK'],
  'checkin:own-office': ['DOCTOR'],
  /** Undoing a check-in status set by mistake, on the visit's day (issue 28, decision 0054). */
  'checkin:undo': ['ADMIN', 'MANAGER', 'FRONTDESK'],

  'authorization:create': ['ADMIN', 'MANAGER'],
  'authorization:edit': ['ADMIN'],
  /** The authorization worklist (ending soon, few visits left) and its CSV. */
  'authorization:worklist': ['ADMIN', 'MANAGER', 'FRONTDESK'],
  'insurance-patient:manage': ['ADMIN', 'MANAGER'],

  'rating:read:any': ['ADMIN'],
  'rating:write:own': ['PATIENT'],

  'office:manage': ['ADMIN', 'MANAGER'],
  'office:edit': ['ADMIN', 'MANAGER', 'DOCTOR'],
  'office:delete': ['ADMIN'],
  'office:hours-increment:read': ['ADMIN'],
  'insurance:manage': ['ADMIN', 'MANAGER'],
  'insurance:edit': ['ADMIN'],
  'procedure:manage': ['ADMIN', 'MANAGER'],
  'content:manage': ['ADMIN', 'MANAGER'],
  'promotion:manage': ['ADMIN', 'MANAGER'],
  'inventory:manage': ['ADMIN', 'MANAGER'],
  'points:manage': ['ADMIN', 'MANAGER'],
  'points:read:any': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'points:read:own': ['PATIENT'],
  'reward:buy': ['PATIENT'],
  'image:upload': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'image:delete': ['ADMIN', 'MANAGER'],
  'mail:read': ['ADMIN'],

  // Screens and menus of §2 and §6 (shown or hidden in the web app; the calls behind them have their own).
  'ui:creator-menu': ['ADMIN', 'MANAGER'],
  'ui:register-menu': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'ui:all-patients': ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'],
  'ui:check-in': ['ADMIN', 'MANAGER', 'FRONTDESK'],
  'ui:view-ratings': ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What a route requires: 'public', 'authenticated' (any signed-in role), or any one of the named permissions. */
export type RouteAccess = 'public' | 'authenticated' | Permission | readonly Permission[];

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * Whether someone may edit an office (one rule for the server and the screens; docs/decisions/0011): ADMIN and
 * MANAGER any office, a DOCTOR only the office of their own staff record.
 */
export function mayEditOffice(
  role: Role | null | undefined,
  ownOfficeId: number | null,
  officeId: number,
): boolean {
  if (can(role, 'office:manage')) return true;
  return can(role, 'office:edit') && ownOfficeId !== null && ownOfficeId === officeId;
}

export function canAny(role: Role | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => can(role, p));
}
