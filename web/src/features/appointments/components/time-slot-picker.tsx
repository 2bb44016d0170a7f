import { formatTime12 } from '@clinic/contract/office-hours';
import styles from './time-slot-picker.module.css';

interface TimeSlotPickerProps {
  /** Office-local 'HH:MM' starts. */
  slots: readonly string[];
  booked: readonly string[];
  value: string;
  onChange: (time: string) => void;
  /** A slot that is shown as chosen even if full (the appointment's own slot when editing). */
  keep?: string;
  label?: string;
}

/**
 * The time-slot buttons of the booking form (spec §2, §5): one toggle per 30-minute start; a booked slot
 * is shown as taken and cannot be chosen. The chosen one is pressed.
 */
export function TimeSlotPicker({
  slots,
  booked,
  value,
  onChange,
  keep,
  label = 'Time',
}: TimeSlotPickerProps) {
  const full = new Set(booked);
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.label}>{label}</legend>
      <ul className={styles.slots}>
        {slots.map((time) => {
          const taken = full.has(time) && time !== keep;
          const chosen = time === value;
          return (
            <li key={time}>
              <button
                type="button"
                className={[styles.slot, chosen ? styles.chosen : '', taken ? styles.taken : '']
                  .filter(Boolean)
                  .join(' ')}
                aria-pressed={chosen}
                disabled={taken}
                onClick={() => onChange(time)}
              >
                <span>{formatTime12(time)}</span> {taken ? <span className={styles.note}>Booked</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
