import { type ClockAction, type ClockLog, clockActions, workedMinutes } from '@clinic/contract/clock';
import { MSG } from '@clinic/contract/messages';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useClockAction, useClockStatus, useTodaysClockLog } from '../api/doctor-clock';
import { AnalogClock, formatClockTime, useNow } from './analog-clock';
import styles from './clock-panel.module.css';

const LABELS: Record<ClockAction, string> = {
  'clock-in': 'Clock In',
  'start-break': 'Break',
  'end-break': 'Resume',
  'clock-out': 'Clock Out',
};

/** The time clock of the doctor dashboard (spec §2, §4 Doctor clock): clock, buttons, today's log. */
export function ClockPanel({ doctorId }: { doctorId: number }) {
  const now = useNow();
  const status = useClockStatus(doctorId);
  const log = useTodaysClockLog(doctorId);
  const action = useClockAction(doctorId);

  const state = status.data
    ? status.data.onBreak
      ? 'On break'
      : status.data.clockedIn
        ? 'Clocked in'
        : 'Clocked out'
    : null;

  return (
    <section className={styles.panel} aria-labelledby="clock-title">
      <h2 id="clock-title">Time clock</h2>
      <div className={styles.top}>
        <AnalogClock now={now} />
        <div className={styles.controls}>
          {status.isError ? <StatusMessage tone="error">{MSG.failedToFetchClockStatus}</StatusMessage> : null}
          {state ? (
            <p className={styles.state} data-state={state}>
              <span className="visually-hidden">Status: </span>
              {state}
            </p>
          ) : status.isPending ? (
            <p role="status">Loading your clock…</p>
          ) : null}
          {status.data ? (
            <div className={styles.buttons}>
              {clockActions(status.data).map((next) => (
                <Button
                  key={next}
                  variant={next === 'clock-out' ? 'secondary' : 'primary'}
                  disabled={action.isPending}
                  onClick={() => action.mutate(next)}
                >
                  {LABELS[next]}
                </Button>
              ))}
            </div>
          ) : null}
          {action.isError ? <StatusMessage tone="error">{errorMessage(action.error)}</StatusMessage> : null}
        </div>
      </div>

      <h3 className={styles.logTitle}>Today's clock log</h3>
      {log.isError ? <StatusMessage tone="error">{MSG.failedToFetchTodaysLog}</StatusMessage> : null}
      {log.data && log.data.length === 0 ? <p className={styles.empty}>No time recorded today.</p> : null}
      {log.data && log.data.length > 0 ? <ClockLogTable logs={log.data} now={now} /> : null}
    </section>
  );
}

function ClockLogTable({ logs, now }: { logs: ClockLog[]; now: Date }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Clock in</th>
            <th scope="col">Clock out</th>
            <th scope="col">Breaks</th>
            <th scope="col">Worked</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((entry) => (
            <tr key={entry.id}>
              <td data-label="Clock in">{formatClockTime(new Date(entry.clockIn))}</td>
              <td data-label="Clock out">
                {entry.clockOut ? formatClockTime(new Date(entry.clockOut)) : 'Still clocked in'}
              </td>
              <td data-label="Breaks">
                {entry.breaks.length === 0
                  ? 'None'
                  : entry.breaks
                      .map(
                        (b) =>
                          `${formatClockTime(new Date(b.breakStart))} – ${
                            b.breakEnd ? formatClockTime(new Date(b.breakEnd)) : 'now'
                          }`,
                      )
                      .join(', ')}
              </td>
              <td data-label="Worked">{formatMinutes(entry.totalWorked ?? runningMinutes(entry, now))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Minutes of a shift still running, breaks taken off, as of now (the rule the server stores at clock-out). */
function runningMinutes(entry: ClockLog, now: Date): number {
  return workedMinutes(
    new Date(entry.clockIn),
    now,
    entry.breaks.map((b) => ({
      start: new Date(b.breakStart),
      end: b.breakEnd ? new Date(b.breakEnd) : now,
    })),
  );
}

export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}
