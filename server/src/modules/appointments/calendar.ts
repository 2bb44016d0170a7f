import { PRACTICE_EMAIL, PRACTICE_NAME, PRACTICE_PHONE, SLOT_MINUTES } from '@clinic/contract/constants';
import type { AppointmentRecord } from './appointments.repository';
import { fullName } from './names';
import { slotKey } from './slots';

/**
 * An iCalendar file (RFC 5545) for one appointment, in the office's time zone: DTSTART carries the
 * office's TZID and the file holds a VTIMEZONE with that zone's real offset changes, read from the
 * platform's time zone data, so calendars that do not know IANA names still place the visit correctly.
 *
 * A calendar file travels to any mailbox and into calendars shared with others, so it says where and when,
 * with whom and how to reach the office, and nothing clinical (issue 28): never the type of visit (which can
 * name an insurance or a treatment) nor the visit's notes. It keeps one UID for the visit; its SEQUENCE
 * (the appointment's calendar_sequence, raised with every change the file shows) tells calendar apps which
 * file is newer, and a canceled visit's file is a METHOD:CANCEL that takes the visit out of the calendar.
 */
export interface CalendarAppointment {
  id: number;
  /** Office-local 'yyyy-mm-dd' and 'HH:MM'. */
  date: string;
  time: string;
  timeZone: string;
  status: string;
  /** How many times what the file says has changed since the booking. */
  sequence: number;
  officeName: string;
  officeAddress: string;
  officePhone: string;
  doctorName: string;
}

/** PUBLISH adds or updates the visit in a calendar; CANCEL takes it out (RFC 5546). */
export type CalendarMethod = 'PUBLISH' | 'CANCEL';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A canceled visit's file cancels it; every other one publishes it (a No Show stays, marked cancelled). */
export function calendarMethodOf(status: string): CalendarMethod {
  return status === 'Canceled' ? 'CANCEL' : 'PUBLISH';
}

export function appointmentCalendar(
  appointment: CalendarAppointment,
  options: { now: Date; host: string; manageUrl: string },
): string {
  const { timeZone } = appointment;
  const year = Number(appointment.date.slice(0, 4));
  const method = calendarMethodOf(appointment.status);
  const description = [
    `With: ${appointment.doctorName}`,
    `Where: ${appointment.officeName}`,
    appointment.officePhone ? `Office phone: ${appointment.officePhone}` : '',
    `${PRACTICE_NAME}: ${PRACTICE_PHONE} · ${PRACTICE_EMAIL}`,
    `To see, move or cancel your visits, sign in: ${options.manageUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
  const canceled = appointment.status === 'Canceled' || appointment.status === 'No Show';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(PRACTICE_NAME)}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...timeZoneComponent(timeZone, year),
    'BEGIN:VEVENT',
    `UID:appointment-${appointment.id}@${options.host}`,
    `SEQUENCE:${appointment.sequence}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART;TZID=${timeZone}:${appointment.date.replaceAll('-', '')}T${appointment.time.slice(0, 5).replace(':', '')}00`,
    `DURATION:PT${SLOT_MINUTES}M`,
    `ORGANIZER;CN="${PRACTICE_NAME.replace(/"/g, '')}":mailto:${PRACTICE_EMAIL}`,
    `SUMMARY:${escapeText(`Appointment at ${appointment.officeName}`)}`,
    appointment.officeAddress ? `LOCATION:${escapeText(appointment.officeAddress)}` : '',
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${options.manageUrl}`,
    `STATUS:${canceled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter(Boolean);
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in minutes at an instant. */
function offsetMinutes(instantMs: number, timeZone: string): number {
  let formatter = wallFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    wallFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
  return Math.round((wall - Math.floor(instantMs / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

function abbreviation(instantMs: number, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instantMs))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

/** Local wall time of an instant read with a fixed offset, as iCalendar's floating DATE-TIME. */
function wallStamp(instantMs: number, offset: number): string {
  const d = new Date(instantMs + offset * MINUTE_MS);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
}

/**
 * VTIMEZONE with every offset change from the start of the year before the visit to the end of the
 * year after it, so the observance in force at the visit always has an onset before it.
 */
function timeZoneComponent(timeZone: string, year: number): string[] {
  const start = Date.UTC(year - 1, 0, 1);
  const end = Date.UTC(year + 1, 11, 31);
  const transitions: { at: number; from: number; to: number }[] = [];
  let previous = offsetMinutes(start, timeZone);
  for (let day = start + DAY_MS; day <= end; day += DAY_MS) {
    const offset = offsetMinutes(day, timeZone);
    if (offset === previous) continue;
    // The change happened within the last day: find its minute.
    let low = day - DAY_MS;
    let high = day;
    while (high - low > MINUTE_MS) {
      const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(mid, timeZone) === previous) low = mid;
      else high = mid;
    }
    transitions.push({ at: high, from: previous, to: offset });
    previous = offset;
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (transitions.length === 0) {
    const offset = offsetMinutes(start, timeZone);
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${formatOffset(offset)}`,
      `TZOFFSETTO:${formatOffset(offset)}`,
      ...nameLine(abbreviation(start, timeZone)),
      'END:STANDARD',
    );
  }
  for (const t of transitions) {
    const kind = t.to > t.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wallStamp(t.at, t.from)}`,
      `TZOFFSETFROM:${formatOffset(t.from)}`,
      `TZOFFSETTO:${formatOffset(t.to)}`,
      ...nameLine(abbreviation(t.at, timeZone)),
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

function nameLine(name: string): string[] {
  // Intl falls back to 'GMT-7' where it knows no abbreviation; only real abbreviations are worth naming.
  return /^[A-Z]{2,5}$/.test(name) ? [`TZNAME:${name}`] : [];
}

/** The visit as an iCalendar file (the .ics download and the attachment of the messages about a visit). */
export function calendarFileOf(row: AppointmentRecord, options: { now: Date; publicUrl: string }): string {
  return appointmentCalendar(
    {
      id: row.id,
      date: row.appointment_date,
      time: slotKey(row.appointment_time),
      timeZone: row.time_zone,
      status: row.status,
      sequence: row.calendar_sequence,
      officeName: row.office_name,
      officeAddress: row.office_address,
      officePhone: row.office_phone,
      doctorName: fullName(row.doctor_first_name, row.doctor_last_name),
    },
    {
      now: options.now,
      host: new URL(options.publicUrl).hostname,
      manageUrl: new URL('/dashboard/patient', options.publicUrl).toString(),
    },
  );
}
