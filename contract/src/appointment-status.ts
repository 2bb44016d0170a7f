import { APPOINTMENT_STATUSES, type AppointmentStatus } from './constants';

/**
 * The check-in state machine of spec §4 (the appointment's "conformation"): Scheduled goes to Walked In,
 * Canceled or No Show; Walked In goes to In Room; In Room goes to Completed. Canceled and No Show are
 * terminal, and so is Completed. The server enforces it; the web app uses it to offer only legal actions.
 */
export const STATUS_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  Scheduled: ['Walked In', 'Canceled', 'No Show'],
  'Walked In': ['In Room'],
  'In Room': ['Completed'],
  Completed: [],
  Canceled: [],
  'No Show': [],
};

/** Statuses that no longer hold a slot: the slot and the doctor are free again. */
export const RELEASED_STATUSES: readonly AppointmentStatus[] = ['Canceled', 'No Show'];

export function canTransition(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

export function nextStatuses(from: AppointmentStatus): readonly AppointmentStatus[] {
  return STATUS_TRANSITIONS[from];
}

export function isTerminalStatus(status: AppointmentStatus): boolean {
  return STATUS_TRANSITIONS[status].length === 0;
}

/** A live appointment occupies its slot (and its doctor); Canceled and No Show do not. */
export function isLiveStatus(status: AppointmentStatus): boolean {
  return !RELEASED_STATUSES.includes(status);
}

const compact = (value: string) => value.toLowerCase().replace(/[\s_-]+/g, '');
const BY_COMPACT = new Map<string, AppointmentStatus>(APPOINTMENT_STATUSES.map((s) => [compact(s), s]));
// The British spelling is common enough in front-desk hands to be read as the spec's.
BY_COMPACT.set('cancelled', 'Canceled');

/** Reads a status as a person or an older client may write it ('walked in', 'NO_SHOW'); null if unknown. */
export function parseStatus(input: string | null | undefined): AppointmentStatus | null {
  if (typeof input !== 'string') return null;
  return BY_COMPACT.get(compact(input.trim())) ?? null;
}

/** Why a move is refused, in words for the front desk. */
export function transitionRefusal(from: AppointmentStatus, to: AppointmentStatus): string {
  if (from === to) return `The appointment is already ${from}.`;
  const allowed = STATUS_TRANSITIONS[from];
  if (allowed.length === 0) return `A ${from} appointment cannot change its status.`;
  return `Cannot change the status from "${from}" to "${to}"; next can be: ${allowed.join(', ')}.`;
}
