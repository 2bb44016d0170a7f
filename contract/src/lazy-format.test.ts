import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDateFormat } from './lazy-format';

const RealDateTimeFormat = Intl.DateTimeFormat;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyDateFormat', () => {
  it('makes no formatter until it is used, then one for every use', () => {
    const made = vi
      .spyOn(Intl, 'DateTimeFormat')
      // A function, not an arrow: the code under test calls it with `new`.
      .mockImplementation(function made(locale?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
        return new RealDateTimeFormat(locale, options);
      });
    const month = lazyDateFormat('en-US', { timeZone: 'UTC', month: 'short' });
    expect(made).not.toHaveBeenCalled();
    expect(month().format(new Date(Date.UTC(2026, 10, 26)))).toBe('Nov');
    expect(month().format(new Date(Date.UTC(2026, 0, 1)))).toBe('Jan');
    expect(made).toHaveBeenCalledTimes(1);
    expect(month()).toBe(month());
  });
});
