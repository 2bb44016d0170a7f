/** The five roles of spec §6. 'FRONT DESK' and a 'ROLE_' prefix are accepted on input and normalised. */
export const ROLES = ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR', 'PATIENT'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'] as const satisfies readonly Role[];

/** Normalises 'role_front desk', 'FRONT_DESK', 'ROLE_ADMIN' and the like; returns null when unknown. */
export function normalizeRole(input: string | null | undefined): Role | null {
  if (!input) return null;
  const upper = input
    .trim()
    .toUpperCase()
    .replace(/^ROLE_/, '');
  const compact = upper.replace(/[\s_-]+/g, '');
  return (ROLES as readonly string[]).includes(compact) ? (compact as Role) : null;
}

export function isStaffRole(role: Role | null | undefined): boolean {
  return role != null && role !== 'PATIENT';
}
