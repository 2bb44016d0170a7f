import { describe, expect, it } from 'vitest';
import {
  authorizationDatesRefusal,
  authorizationVisitRefusal,
  drawsOnAuthorization,
  firstDuplicate,
  parseCodeList,
  parseYesNo,
  visitsLeftOf,
  weekStartOf,
} from './authorization-rules';
import { MSG } from './messages';

const AUTH = {
  authCode: 'BCB-1',
  active: true,
  dayStart: '2026-11-01',
  dayEnd: '2026-11-30',
  visits: 10,
  weeklyVisitLimit: 2,
  used: 0,
  scheduled: 0,
  inWeek: 0,
};

describe('authorization rules', () => {
  it('reads comma lists of codes in upper case, without blanks, and finds duplicates', () => {
    expect(parseCodeList(' m54.50, ,M62.830 ')).toEqual(['M54.50', 'M62.830']);
    expect(parseCodeList(['97110', ' 97140'])).toEqual(['97110', '97140']);
    expect(parseCodeList(null)).toEqual([]);
    expect(firstDuplicate(['A1', 'B2', 'A1'])).toBe('A1');
    expect(firstDuplicate(['A1', 'B2'])).toBeNull();
  });

  it('reads Yes/No and booleans, and nothing else', () => {
    expect(parseYesNo('Yes')).toBe(true);
    expect(parseYesNo('no')).toBe(false);
    expect(parseYesNo(true)).toBe(true);
    expect(parseYesNo('maybe')).toBeNull();
  });

  it('needs both dates, in order', () => {
    expect(authorizationDatesRefusal('', '2026-01-01')).toBe(MSG.selectStartAndEnd);
    expect(authorizationDatesRefusal('2026-02-01', '2026-01-01')).toMatch(/on or after/);
    expect(authorizationDatesRefusal('2026-01-01', '2026-01-01')).toBeNull();
  });

  it('counts weeks from Monday to Sunday', () => {
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28'); // across a year
  });

  it('leaves visits minus used minus scheduled, never below 0, and none when none were set', () => {
    expect(visitsLeftOf(10, 3, 2)).toBe(5);
    expect(visitsLeftOf(2, 3, 0)).toBe(0);
    expect(visitsLeftOf(null, 3, 0)).toBeNull();
  });

  it('insurance types draw on an authorization; eval, visit (pay) and vouchers do not', () => {
    expect(drawsOnAuthorization('visit')).toBe(true);
    expect(drawsOnAuthorization('acupuncture')).toBe(true);
    expect(drawsOnAuthorization('eval')).toBe(false);
    expect(drawsOnAuthorization('visit (pay)')).toBe(false);
    expect(drawsOnAuthorization('Voucher-3')).toBe(false);
  });

  it('refuses a visit that is not covered, and says why', () => {
    expect(authorizationVisitRefusal(AUTH, '2026-11-10')).toBeNull();
    expect(authorizationVisitRefusal({ ...AUTH, active: false }, '2026-11-10')).toMatch(/not active/);
    expect(authorizationVisitRefusal(AUTH, '2026-12-01')).toMatch(/covers 2026-11-01 to 2026-11-30/);
    expect(authorizationVisitRefusal({ ...AUTH, used: 8, scheduled: 2 }, '2026-11-10')).toMatch(
      /no visits left \(10 authorized, 8 used, 2 scheduled\)/,
    );
    expect(authorizationVisitRefusal({ ...AUTH, inWeek: 2 }, '2026-11-11')).toMatch(
      /allows 2 visits a week, and the week of 2026-11-09 already has 2/,
    );
    expect(
      authorizationVisitRefusal({ ...AUTH, visits: null, weeklyVisitLimit: null, inWeek: 9 }, '2026-11-11'),
    ).toBeNull();
    expect(authorizationVisitRefusal(AUTH, '2026-11-10')).toBeNull();
    expect(authorizationVisitRefusal({ ...AUTH, active: false }, '2026-11-10')).toMatch(
      /Book an Evaluation \(first visit\) or Visit \(self-pay\) instead\./,
    );
  });
});
