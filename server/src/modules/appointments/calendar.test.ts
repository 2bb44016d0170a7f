import { describe, expect, it } from 'vitest';
import { appointmentCalendar, escapeText, foldLine } from './calendar';

const base = {
  id: 42,
  date: '2026-03-10',
  time: '09:30',
  timeZone: 'America/Denver',
  status: 'Scheduled',
  sequence: 0,
  officeName: 'Summit PT Denver Highlands',
  officeAddress: '3210 W 32nd Ave, Denver, CO 80211',
  officePhone: '(303) 555-0110',
  doctorName: 'Maya Lindqvist',
};
const options = {
  now: new Date('2026-03-01T12:00:00Z'),
  host: 'clinic.example',
  manageUrl: 'https://clinic.example/dashboard/patient',
};

describe('appointmentCalendar', () => {
  it("writes the visit at the office's wall time with its TZID and the zone's real changes", () => {
    const ics = appointmentCalendar(base, options);
    const lines = ics.split('\r\n');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART;TZID=America/Denver:20260310T093000');
    expect(lines).toContain('DURATION:PT30M');
    expect(lines).toContain('UID:appointment-42@clinic.example');
    expect(lines).toContain('DTSTAMP:20260301T120000Z');
    expect(lines).toContain('LOCATION:3210 W 32nd Ave\\, Denver\\, CO 80211');
    expect(lines).toContain('STATUS:CONFIRMED');
    // 2026 in Denver: MST -> MDT on 8 March at 02:00, back on 1 November at 02:00 (daylight).
    const tz = ics.slice(ics.indexOf('BEGIN:VTIMEZONE'), ics.indexOf('END:VTIMEZONE'));
    expect(tz).toContain('TZID:America/Denver');
    expect(tz).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0600\r\nTZNAME:MDT',
    );
    expect(tz).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0700\r\nTZNAME:MST',
    );
  });

  it('has one fixed observance for a zone without daylight time', () => {
    const ics = appointmentCalendar({ ...base, timeZone: 'America/Phoenix' }, options);
    expect(ics).toContain('DTSTART;TZID=America/Phoenix:20260310T093000');
    expect(ics).toContain(
      'BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0700',
    );
    expect(ics).not.toContain('BEGIN:DAYLIGHT');
  });

  it('cancels a canceled visit under its UID with its sequence; a No Show is only marked cancelled', () => {
    const canceled = appointmentCalendar({ ...base, status: 'Canceled', sequence: 3 }, options).split('\r\n');
    expect(canceled).toEqual(
      expect.arrayContaining([
        'METHOD:CANCEL',
        'STATUS:CANCELLED',
        'SEQUENCE:3',
        'UID:appointment-42@clinic.example',
      ]),
    );
    const noShow = appointmentCalendar({ ...base, status: 'No Show' }, options).split('\r\n');
    expect(noShow).toEqual(expect.arrayContaining(['METHOD:PUBLISH', 'STATUS:CANCELLED']));
  });

  it('names the practice as organizer, and says where, when, with whom and how to reach the office', () => {
    const ics = appointmentCalendar(base, options).replace(/\r\n /g, '');
    expect(ics).toContain('ORGANIZER;CN="Summit Physical Therapy":mailto:care@summitpt.example');
    expect(ics).toContain('SUMMARY:Appointment at Summit PT Denver Highlands');
    expect(ics).toContain(
      'DESCRIPTION:With: Maya Lindqvist\\nWhere: Summit PT Denver Highlands\\nOffice phone: (303) 555-0110',
    );
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(60)}`);
  });
});
