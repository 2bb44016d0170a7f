import { nextStatuses } from '@clinic/contract/appointment-status';
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

/** The actions a card offers: exactly the legal next steps of the state machine (spec §4). */
export function checkInActions(status: AppointmentStatus): CheckInAction[] {
  return nextStatuses(status).map((to) => ({ to, ...ACTIONS[to] }));
}
