import { describe, expect, it } from 'vitest';
import { percentOf, reportTotals } from './reports';

describe('report totals', () => {
  it('adds the days up and gives shares as whole percents', () => {
    const day = (visits: number, noShow: number) => ({
      date: '2030-01-07',
      visits,
      completed: visits - noShow,
      noShow,
      canceled: 0,
      newPatients: 1,
    });
    expect(reportTotals([day(5, 1), day(4, 0)])).toEqual({
      visits: 9,
      completed: 8,
      noShow: 1,
      canceled: 0,
      newPatients: 2,
    });
    expect(percentOf(1, 9)).toBe('11%');
    expect(percentOf(0, 0)).toBe('—');
  });
});
