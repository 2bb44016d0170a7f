import { DEFAULT_INCREMENTS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import {
  calendarDateInZone,
  dayLabel,
  formatTime12,
  parseCalendarDate,
  parseWallTime,
  WEEKDAYS,
  type Weekday,
} from '@clinic/contract/office-hours';
import { INCREMENTS_MAX, OFFICE_HOURS_RANGE_MAX_DAYS } from '@clinic/contract/offices';
import { can } from '@clinic/contract/permissions';
import { useId, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard, FormGrid, FormSection } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { prefixedMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { openPopup, usePopupMessage } from '../../../lib/popup';
import { useSession } from '../../../lib/session';
import { useOffices } from '../api/get-offices';
import { useSaveOfficeHours } from '../api/save-office-hours';
import { useSaveOfficeHoursRange } from '../api/save-office-hours-range';
import { timeZoneName } from '../components/map-links';
import { OfficeHoursTable } from '../components/office-hours-table';
import styles from './register-schedule-page.module.css';

const TITLE = 'Office Schedule';
const WORKWEEK: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

interface Values {
  officeId: string;
  date: string;
  closed: boolean;
  openHour: string;
  closeHour: string;
  increments: string;
  repeat: boolean;
  endDate: string;
  weekdays: Weekday[];
}

const INITIAL: Values = {
  officeId: '',
  date: '',
  closed: false,
  openHour: '08:00',
  closeHour: '17:00',
  increments: String(DEFAULT_INCREMENTS),
  repeat: false,
  endDate: '',
  weekdays: WORKWEEK,
};

type Errors = Partial<
  Record<'form' | 'openHour' | 'closeHour' | 'increments' | 'endDate' | 'weekdays', string>
>;

function validate(v: Values): Errors {
  const errors: Errors = {};
  if (!v.officeId || !parseCalendarDate(v.date)) {
    errors.form = MSG.selectOfficeAndDate;
    return errors;
  }
  if (!v.closed) {
    const open = parseWallTime(v.openHour);
    const close = parseWallTime(v.closeHour);
    if (open === null) errors.openHour = 'Enter the opening time.';
    if (close === null) errors.closeHour = 'Enter the closing time.';
    if (open !== null && close !== null && !(open === 0 && close === 0) && open >= close) {
      errors.closeHour = 'The office must close after it opens.';
    }
  }
  const increments = Number(v.increments);
  if (!Number.isInteger(increments) || increments < 1 || increments > INCREMENTS_MAX) {
    errors.increments = `Enter a whole number from 1 to ${INCREMENTS_MAX}.`;
  }
  if (v.repeat) {
    const end = parseCalendarDate(v.endDate);
    if (!end) errors.endDate = 'Enter the last day to apply these hours to.';
    else if (end < v.date) errors.endDate = 'The last day must not be before the first.';
    if (v.weekdays.length === 0) errors.weekdays = 'Choose at least one day of the week.';
  }
  return errors;
}

/** /register/schedule (Creator menu, ADMIN and MANAGER): the hours of an office on a day, or on many. */
export function RegisterSchedulePage() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const offices = useOffices();
  const saveDay = useSaveOfficeHours();
  const saveRange = useSaveOfficeHoursRange();
  const [values, setValues] = useState<Values>(INITIAL);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const weekdaysId = useId();

  usePopupMessage((selection) => {
    if (selection.source !== 'office-search') return;
    setValues((v) => ({ ...v, officeId: String(selection.id) }));
  });

  if (!can(session?.role, 'office:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators and managers can set office schedules."
        signedOut={!session}
      />
    );
  }

  const office = offices.data?.find((o) => String(o.officeId) === values.officeId) ?? null;
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const failure = saveDay.error ?? saveRange.error;
  const pending = saveDay.isPending || saveRange.isPending;

  function submit() {
    const found = validate(values);
    setErrors(found);
    setSaved(null);
    if (Object.keys(found).length > 0 || !office) return;
    saveDay.reset();
    saveRange.reset();
    const hours = values.closed
      ? { openHour: '00:00', closeHour: '00:00' }
      : { openHour: values.openHour, closeHour: values.closeHour };
    const incraments = Number(values.increments);
    const hoursText =
      values.closed || (hours.openHour === '00:00' && hours.closeHour === '00:00')
        ? MSG.closed
        : `${formatTime12(hours.openHour)} – ${formatTime12(hours.closeHour)}`;
    // The single day is always saved; a range adds the chosen weekdays up to the last day.
    saveDay.mutate(
      { officeId: office.officeId, date: values.date, ...hours, incraments },
      {
        onSuccess: () => {
          if (!values.repeat) {
            setSaved(`Hours saved for ${office.officeName} on ${dayLabel(values.date)}: ${hoursText}.`);
            return;
          }
          saveRange.mutate(
            {
              officeId: office.officeId,
              startDate: values.date,
              endDate: values.endDate,
              weekdays: values.weekdays,
              ...hours,
              incraments,
            },
            {
              onSuccess: (result) => {
                setSaved(
                  `Hours saved for ${office.officeName} on ${dayLabel(values.date)} and ${result.saved} day(s) up to ${dayLabel(values.endDate)}: ${hoursText}.`,
                );
              },
            },
          );
        },
      },
    );
  }

  return (
    <FormCard
      title={TITLE}
      intro="Set when an office is open on a day. Dates and times are the office's own local ones; 00:00 to 00:00 (or Closed all day) marks the day Closed."
    >
      <Form
        error={errors.form ?? (failure ? prefixedMessage('request', failure) : null)}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {saved ? <StatusMessage tone="success">{saved}</StatusMessage> : null}

        <FormSection legend="Office and day">
          <div className={styles.officeRow}>
            <FormField
              label="Office"
              required
              hint={office ? `Local time: ${timeZoneName(office.timeZone)} (${office.timeZone})` : undefined}
            >
              {(control) => (
                <select
                  {...control}
                  value={values.officeId}
                  onChange={(e) => set('officeId', e.target.value)}
                  disabled={offices.isPending}
                >
                  <option value="">{offices.isPending ? 'Loading offices…' : 'Choose an office'}</option>
                  {(offices.data ?? []).map((o) => (
                    <option key={o.officeId} value={o.officeId}>
                      {o.officeName}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <Button
              variant="secondary"
              className={styles.searchButton}
              onClick={() => openPopup('/office-search', { width: 800, height: 600, name: 'office-search' })}
            >
              Search offices…
            </Button>
          </div>
          {offices.isError ? (
            <StatusMessage tone="error">{prefixedMessage('fetchOffices', offices.error)}</StatusMessage>
          ) : null}
          <TextField
            label="Date"
            type="date"
            required
            value={values.date}
            hint={
              office
                ? `Today at this office is ${dayLabel(calendarDateInZone(new Date(), office.timeZone))}.`
                : undefined
            }
            onChange={(e) => set('date', e.target.value)}
          />
        </FormSection>

        <FormSection legend="Hours">
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={values.closed}
              onChange={(e) => set('closed', e.target.checked)}
            />
            Closed all day
          </label>
          <FormGrid>
            <TextField
              label="Opens at"
              type="time"
              required={!values.closed}
              disabled={values.closed}
              value={values.openHour}
              error={errors.openHour}
              onChange={(e) => set('openHour', e.target.value)}
            />
            <TextField
              label="Closes at"
              type="time"
              required={!values.closed}
              disabled={values.closed}
              value={values.closeHour}
              error={errors.closeHour}
              onChange={(e) => set('closeHour', e.target.value)}
            />
            <TextField
              label="Appointments per 30 minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={INCREMENTS_MAX}
              step={1}
              required
              value={values.increments}
              error={errors.increments}
              hint="How many patients can be booked in each 30-minute slot (default 1)."
              onChange={(e) => set('increments', e.target.value)}
            />
          </FormGrid>
        </FormSection>

        <FormSection legend="More days (optional)">
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={values.repeat}
              onChange={(e) => set('repeat', e.target.checked)}
            />
            Also apply these hours to more days
          </label>
          {values.repeat ? (
            <>
              <TextField
                label="Last day"
                type="date"
                required
                value={values.endDate}
                error={errors.endDate}
                hint={`From the date above up to this day, at most ${OFFICE_HOURS_RANGE_MAX_DAYS} days.`}
                onChange={(e) => set('endDate', e.target.value)}
              />
              <fieldset
                className={styles.weekdays}
                aria-describedby={errors.weekdays ? `${weekdaysId}-error` : undefined}
              >
                <legend className={styles.weekdaysLegend}>On these days of the week</legend>
                {[...WEEKDAYS.slice(1), WEEKDAYS[0]].map((day) => (
                  <label key={day} className={styles.check}>
                    <input
                      type="checkbox"
                      checked={values.weekdays.includes(day)}
                      onChange={(e) =>
                        set(
                          'weekdays',
                          e.target.checked
                            ? [...values.weekdays, day]
                            : values.weekdays.filter((d) => d !== day),
                        )
                      }
                    />
                    {day}
                  </label>
                ))}
                {errors.weekdays ? (
                  <p id={`${weekdaysId}-error`} className={styles.error}>
                    {errors.weekdays}
                  </p>
                ) : null}
              </fieldset>
            </>
          ) : null}
        </FormSection>

        <FormActions>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save Schedule'}
          </Button>
        </FormActions>
      </Form>

      {office ? (
        <section className={styles.preview} aria-label={`Current hours of ${office.officeName}`}>
          <OfficeHoursTable
            officeId={office.officeId}
            officeName={office.officeName}
            timeZone={office.timeZone}
            showIncrements={can(session?.role, 'office:hours-increment:read')}
          />
        </section>
      ) : null}
    </FormCard>
  );
}
