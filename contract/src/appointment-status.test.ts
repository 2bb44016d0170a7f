import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isLiveStatus,
  isTerminalStatus,
  nextStatuses,
  parseStatus,
  transitionRefusal,
} from './appointment-status';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from './constants';

const LEGAL: [AppointmentStatus, AppointmentStatus][] = [
  ['Scheduled', 'Walked In'],
  ['Scheduled', 'Canceled'],
  ['Scheduled', 'No Show'],
  ['Walked In', 'In Room'],
  ['In Room', 'Completed'],
];

describe('the check-in state machine (spec §4)', () => {
  it('allows exactly the five moves of the spec, and nothing else', () => {
    for (const from of APPOINTMENT_STATUSES) {
      for (const to of APPOINTMENT_STATUSES) {
        const legal = LEGAL.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(legal);
      }
    }
  });

  it('has Canceled, No Show and Completed as terminal states', () => {
    expect(APPOINTMENT_STATUSES.filter(isTerminalStatus)).toEqual(['Completed', 'Canceled', 'No Show']);
    expect(nextStatuses('Scheduled')).toEqual(['Walked In', 'Canceled', 'No Show']);
  });

  it('frees the slot only for Canceled and No Show', () => {
    expect(APPOINTMENT_STATUSES.filter((s) => !isLiveStatus(s))).toEqual(['Canceled', 'No Show']);
  });

  it('reads statuses written loosely, and nothing else', () => {
    expect(parseStatus('walked in')).toBe('Walked In');
    expect(parseStatus(' NO_SHOW ')).toBe('No Show');
    expect(parseStatus('in-room')).toBe('In Room');
    expect(parseStatus('Cancelled')).toBe('Canceled');
    expect(parseStatus('Completed')).toBe('Completed');
    expect(parseStatus('Done')).toBeNull();
    expect(parseStatus('')).toBeNull();
    expect(parseStatus(undefined)).toBeNull();
  });

  it('explains a refusal', () => {
    expect(transitionRefusal('Completed', 'Completed')).toBe('The appointment is already Completed.');
    expect(transitionRefusal('Canceled', 'Scheduled')).toBe(
      'A Canceled appointment cannot change its status.',
    );
    expect(transitionRefusal('Scheduled', 'Completed')).toBe(
      'Cannot change the status from "Scheduled" to "Completed"; next can be: Walked In, Canceled, No Show.',
    );
  });
});
