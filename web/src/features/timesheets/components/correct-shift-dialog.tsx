import { CORRECTION_BREAKS_MAX, type TimesheetShift } from '@clinic/contract/timesheets';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FormDialog } from '../../../components/form-dialog';
import { FormField, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { clockInZone, weekdayDate } from '../../../lib/date-text';
import { useCorrectShift } from '../api/timesheets';
import styles from './correct-shift-dialog.module.css';

interface BreakRow {
  key: number;
  start: string;
  end: string;
}

/**
 * A manager's correction of one shift: clock-in, clock-out and breaks in the office's clock on the shift's
 * day, and why. The server keeps the shift as it was; this only sends the new times.
 */
export function CorrectShiftDialog({
  shift,
  person,
  timeZone,
  onClose,
  onCorrected,
}: {
  shift: TimesheetShift;
  person: string;
  timeZone: string;
  onClose: () => void;
  onCorrected: () => void;
}) {
  const clock = (at: string | null) => (at ? clockInZone(at, timeZone) : '');
  const [clockIn, setClockIn] = useState(clock(shift.clockIn));
  const [clockOut, setClockOut] = useState(clock(shift.clockOut));
  const [breaks, setBreaks] = useState<BreakRow[]>(() =>
    shift.breaks.map((b, key) => ({ key, start: clock(b.breakStart), end: clock(b.breakEnd) })),
  );
  const [nextKey, setNextKey] = useState(shift.breaks.length);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const correct = useCorrectShift();

  const missingTime = !clockIn || !clockOut || breaks.some((b) => !b.start || !b.end);
  const reasonError = tried && reason.trim() === '' ? 'Please say why the shift is corrected.' : undefined;

  function submit() {
    setTried(true);
    if (missingTime || reason.trim() === '') return;
    correct.mutate(
      {
        id: shift.id,
        body: {
          clockIn,
          clockOut,
          breaks: breaks.map(({ start, end }) => ({ start, end })),
          reason: reason.trim(),
        },
      },
      { onSuccess: onCorrected },
    );
  }

  const setBreak = (key: number, change: Partial<BreakRow>) =>
    setBreaks((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <FormDialog
      title={`Correct shift: ${person}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save correction"
      busy={correct.isPending}
      error={correct.isError ? errorMessage(correct.error) : null}
    >
      <p className={styles.day}>
        {weekdayDate(shift.workDate)}, in the office's time. A time earlier than the one before it falls on
        the next day.
      </p>
      <div className={styles.pair}>
        <TextField
          label="Clock in"
          type="time"
          required
          value={clockIn}
          error={tried && !clockIn ? 'Enter the clock-in time.' : undefined}
          onChange={(e) => setClockIn(e.target.value)}
        />
        <TextField
          label="Clock out"
          type="time"
          required
          value={clockOut}
          error={tried && !clockOut ? 'Enter the clock-out time.' : undefined}
          onChange={(e) => setClockOut(e.target.value)}
        />
      </div>
      <fieldset className={styles.breaks}>
        <legend>Breaks</legend>
        {breaks.length === 0 ? <p className={styles.none}>No breaks.</p> : null}
        {breaks.map((row, index) => (
          <div key={row.key} className={styles.breakRow}>
            <TextField
              label={`Break ${index + 1} start`}
              type="time"
              value={row.start}
              error={tried && !row.start ? 'Enter a start time.' : undefined}
              onChange={(e) => setBreak(row.key, { start: e.target.value })}
            />
            <TextField
              label={`Break ${index + 1} end`}
              type="time"
              value={row.end}
              error={tried && !row.end ? 'Enter an end time.' : undefined}
              onChange={(e) => setBreak(row.key, { end: e.target.value })}
            />
            <Button
              variant="secondary"
              className={styles.remove}
              aria-label={`Remove break ${index + 1}`}
              onClick={() => setBreaks((rows) => rows.filter((r) => r.key !== row.key))}
            >
              Remove
            </Button>
          </div>
        ))}
        {breaks.length < CORRECTION_BREAKS_MAX ? (
          <Button
            variant="secondary"
            onClick={() => {
              setBreaks((rows) => [...rows, { key: nextKey, start: '', end: '' }]);
              setNextKey((k) => k + 1);
            }}
          >
            Add a break
          </Button>
        ) : null}
      </fieldset>
      <FormField label="Reason" required error={reasonError} hint="Kept with the correction, with your name.">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
