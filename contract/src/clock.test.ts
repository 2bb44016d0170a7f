import { describe, expect, it } from 'vitest';
import { clockActions, workedMinutes } from './clock';

const at = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00Z`);

describe('the doctor clock (spec §4)', () => {
  it('offers Clock In when out; Break and Clock Out when in; Resume and Clock Out on a break', () => {
    expect(clockActions({ clockedIn: false, onBreak: false })).toEqual(['clock-in']);
    expect(clockActions({ clockedIn: true, onBreak: false })).toEqual(['start-break', 'clock-out']);
    expect(clockActions({ clockedIn: true, onBreak: true })).toEqual(['end-break', 'clock-out']);
  });

  it('counts whole minutes worked, breaks taken off', () => {
    expect(workedMinutes(at('08:00'), at('16:30'), [])).toBe(510);
    expect(
      workedMinutes(at('08:00'), at('16:30'), [
        { start: at('12:00'), end: at('12:30') },
        { start: at('15:00'), end: at('15:10') },
      ]),
    ).toBe(470);
    expect(workedMinutes(at('08:00'), new Date(at('08:00').getTime() + 59_999), [])).toBe(0);
    expect(workedMinutes(at('08:00'), at('08:30'), [{ start: at('07:00'), end: at('09:00') }])).toBe(0);
  });
});
