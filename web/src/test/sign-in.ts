/** Stores a signed-in staff or patient session as a login does (the keys of lib/session-storage). */
export function signInAs(role: string, patientId?: number) {
  localStorage.setItem('jwt', 'token');
  localStorage.setItem('role', role);
  localStorage.setItem('username', role.toLowerCase());
  if (patientId !== undefined) localStorage.setItem('patientId', String(patientId));
}
