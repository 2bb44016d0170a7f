import { describe, expect, it } from 'vitest';
import { cutoffText, insideCutoffMessage, patientChangeRefusal } from './self-service';

describe('patientChangeRefusal', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const visit = (startsAt: string, conformation = 'Scheduled') => ({ startsAt, conformation });

  it('lets a Scheduled visit change up to the cut-off before it starts, not after', () => {
    expect(patientChangeRefusal(visit('2026-11-25T12:00:00Z'), now, 24)).toBeNull();
    expect(patientChangeRefusal(visit('2026-11-25T11:59:59Z'), now, 24)).toBe('inside_cutoff');
    expect(patientChangeRefusal(visit('2026-11-24T12:30:00Z'), now, 0)).toBeNull();
    expect(patientChangeRefusal(visit('2026-11-24T11:30:00Z'), now, 0)).toBe('inside_cutoff');
  });

  it('refuses any visit that is no longer Scheduled', () => {
    for (const status of ['Walked In', 'In Room', 'Completed', 'Canceled', 'No Show']) {
      expect(patientChangeRefusal(visit('2027-01-01T00:00:00Z', status), now, 24)).toBe('not_scheduled');
    }
  });
});

describe('the cut-off in words', () => {
  it('says hours, or days from two whole days on', () => {
    expect(cutoffText(24)).toBe('24 hours');
    expect(cutoffText(1)).toBe('1 hour');
    expect(cutoffText(48)).toBe('2 days');
    expect(cutoffText(36)).toBe('36 hours');
    expect(insideCutoffMessage(24, '(303) 555-0110')).toBe(
      'Visits can be canceled or moved online up to 24 hours before they start. To change this one, please call the office at (303) 555-0110.',
    );
  });
});
