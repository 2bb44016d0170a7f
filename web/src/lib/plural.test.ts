import { describe, expect, it } from 'vitest';
import { countOf, showingRange } from './plural';

describe('countOf and showingRange', () => {
  it('put the noun in the number of the count', () => {
    expect(countOf(1, 'insurance')).toBe('1 insurance');
    expect(countOf(0, 'insurance')).toBe('0 insurances');
    expect(countOf(2, 'team member')).toBe('2 team members');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(showingRange(1, 1, 1, 'team member')).toBe('Showing 1–1 of 1 team member');
    expect(showingRange(11, 14, 14, 'patient')).toBe('Showing 11–14 of 14 patients');
  });
});
