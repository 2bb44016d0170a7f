import { describe, expect, it } from 'vitest';
import { filtersFromForm, parseRatingFilters, ratingFilterSearch } from './rating-filters';

describe('rating filters', () => {
  it('reads valid ids and dates from the URL and leaves anything else out', () => {
    expect(
      parseRatingFilters(new URLSearchParams('doctorId=3&officeId=2&from=2026-01-01&to=2026-03-31')),
    ).toEqual({
      doctorId: 3,
      officeId: 2,
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(
      parseRatingFilters(new URLSearchParams('doctorId=0&officeId=x&from=2026-13-45&to=yesterday&extra=1')),
    ).toEqual({});
    expect(parseRatingFilters(new URLSearchParams('doctorId=99999999999'))).toEqual({});
  });

  it('writes them back in a fixed order, without empty ones', () => {
    expect(ratingFilterSearch({ to: '2026-03-31', doctorId: 3 })).toBe('doctorId=3&to=2026-03-31');
    expect(ratingFilterSearch({})).toBe('');
  });

  it('takes the form as filters, and refuses an end date before the start date', () => {
    expect(filtersFromForm({ doctorId: '', officeId: '5', from: '2026-03-01', to: '2026-03-01' })).toEqual({
      filters: { officeId: 5, from: '2026-03-01', to: '2026-03-01' },
    });
    expect(filtersFromForm({ doctorId: '', officeId: '', from: '2026-03-02', to: '2026-03-01' })).toEqual({
      error: 'The end date must be on or after the start date.',
    });
  });
});
