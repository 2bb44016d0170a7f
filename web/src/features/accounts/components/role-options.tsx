import type { Role } from '@clinic/contract/roles';

/** The roles a staff account can have, as the spec's select spells them (§2: FRONTDESK shows as 'FRONT DESK'). */
export const STAFF_ROLE_OPTIONS: ReadonlyArray<{ value: Exclude<Role, 'PATIENT'>; label: string }> = [
  { value: 'ADMIN', label: 'ADMIN' },
  { value: 'MANAGER', label: 'MANAGER' },
  { value: 'FRONTDESK', label: 'FRONT DESK' },
  { value: 'DOCTOR', label: 'DOCTOR' },
];

export function roleLabel(role: string): string {
  return STAFF_ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;
}

export function RoleOptions() {
  return (
    <>
      {STAFF_ROLE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
