import type { AppointmentStatus } from '@clinic/contract/constants';
import styles from './status-badge.module.css';

const TONE: Record<AppointmentStatus, string> = {
  Scheduled: 'scheduled',
  'Walked In': 'active',
  'In Room': 'active',
  Completed: 'done',
  Canceled: 'released',
  'No Show': 'released',
};

/** An appointment's status ("conformation") as a small labelled badge. */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return <span className={[styles.badge, styles[TONE[status]]].join(' ')}>{status}</span>;
}
