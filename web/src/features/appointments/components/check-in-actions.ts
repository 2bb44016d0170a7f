import type { Appointment } from '@clinic/contract/appointments';
import { allowedNextStatuses, statusBefore, undoRefusal } from '@clinic/contract/check-in-day';
import type { AppointmentStatus } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';

/** A front-desk button: the status it moves to, its label and, for Cancel and No Show, the question first. */
export interface CheckInAction {
  to: AppointmentStatus;
  label: string;
  confirm: { question: string; yes: string; no: string } | null;
  tone: 'primary' | 'secondary';
}

const ACTIONS: Record<AppointmentStatus, Omit<CheckInAction, 'to'>> = {
  Scheduled: { label: 'Scheduled', confirm: null, tone: 'secondary' },
  'Walked In': { label: 'Walk In', confirm: null, tone: 'primary' },
  'In Room': { label: 'In Room', confirm: null, tone: 'primary' },
  Completed: { label: 'Complete', confirm: null, tone: 'primary' },
  Canceled: {
    label: 'Cancel',
    confirm: { question: MSG.confirmCancel, yes: 'Cancel appointment', no: 'Keep appointment' },
    tone: 'secondary',
  },
  'No Show': {
    label: 'No Show',
    confirm: { question: MSG.confirmNoShow, yes: 'Mark as No Show', no: 'Go back' },
    tone: 'secondary',
  },
};

/**
 * The actions a card offers now: the legal next steps of the state machine (spec §4) that the visit's own
 * day allows (contract/check-in-day, the rule the server enforces).
 */
export function checkInActions(appointment: Appointment, now: Date): CheckInAction[] {
  return allowedNextStatuses(appointment, now).map((to) => ({ to, ...ACTIONS[to] }));
}

/** The undo a card offers (to whom may undo): the status it returns to, or null when there is none now. */
export function undoAction(appointment: Appointment, now: Date): { to: AppointmentStatus } | null {
  if (undoRefusal(appointment, now) !== null) return null;
  const to = statusBefore(appointment.conformation);
  return to ? { to } : null;
}
