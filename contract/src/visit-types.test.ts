import { describe, expect, it } from 'vitest';
import {
  hasActiveAuthorization,
  isVoucherTypeVisit,
  splitActiveList,
  visitTypeLabel,
  visitTypeOptions,
  voucherReceiptIdOf,
  voucherTypeVisit,
} from './visit-types';

describe('visit type options (spec §5)', () => {
  it('always offers eval and visit (pay), then insurance values, then unvouched vouchers', () => {
    const options = visitTypeOptions({
      insuranceActive: [
        ['visit', 'double'],
        ['acupuncture', 'visit', ' '],
      ],
      vouchers: [{ receiptId: 7, name: 'Massage Voucher' }, { receiptId: 9 }],
    });
    expect(options.map((o) => o.value)).toEqual([
      'eval',
      'visit (pay)',
      'visit',
      'double',
      'acupuncture',
      'Voucher-7',
      'Voucher-9',
    ]);
    expect(options.map((o) => o.label)).toEqual([
      'Evaluation (first visit)',
      'Visit (self-pay)',
      'Visit (insurance)',
      'Double visit (insurance)',
      'Acupuncture (insurance)',
      'Voucher: Massage Voucher',
      'Voucher-9',
    ]);
    expect(options.find((o) => o.value === 'Voucher-7')?.label).toBe('Voucher: Massage Voucher');
  });

  it('without insurance or vouchers offers the two defaults', () => {
    expect(visitTypeOptions({ insuranceActive: [], vouchers: [] }).map((o) => o.value)).toEqual([
      'eval',
      'visit (pay)',
    ]);
  });

  it('never takes a voucher from an insurance value', () => {
    expect(
      visitTypeOptions({ insuranceActive: [['Voucher-3']], vouchers: [] }).map((o) => o.value),
    ).not.toContain('Voucher-3');
  });
});

describe('visit types in words (issue 28)', () => {
  it("says what each of the spec's values means; custom values stay as they are", () => {
    expect(visitTypeLabel('eval')).toBe('Evaluation (first visit)');
    expect(visitTypeLabel('visit (pay)')).toBe('Visit (self-pay)');
    expect(visitTypeLabel('visit')).toBe('Visit (insurance)');
    expect(visitTypeLabel(' Double ')).toBe('Double visit (insurance)');
    expect(visitTypeLabel('acupuncture')).toBe('Acupuncture (insurance)');
    expect(visitTypeLabel('cupping')).toBe('cupping');
    expect(visitTypeLabel('constructor')).toBe('constructor');
    expect(visitTypeLabel('Voucher-4', ' Resistance band ')).toBe('Voucher: Resistance band');
  });
});

describe('voucher visit types', () => {
  it('reads the receipt id of Voucher-{id} and nothing looser', () => {
    expect(voucherTypeVisit(12)).toBe('Voucher-12');
    expect(voucherReceiptIdOf('Voucher-12')).toBe(12);
    expect(voucherReceiptIdOf('Voucher-0')).toBeNull();
    expect(voucherReceiptIdOf('Voucher-12a')).toBeNull();
    expect(voucherReceiptIdOf('Voucher-99999999999')).toBeNull();
    expect(voucherReceiptIdOf('visit')).toBeNull();
    expect(isVoucherTypeVisit('Voucher-x')).toBe(true);
    expect(isVoucherTypeVisit('visit')).toBe(false);
  });

  it('splits the comma list of active values', () => {
    expect(splitActiveList('visit, double,,acupuncture ')).toEqual(['visit', 'double', 'acupuncture']);
    expect(splitActiveList(['visit', ' '])).toEqual(['visit']);
    expect(splitActiveList(null)).toEqual([]);
  });
});

describe('hasActiveAuthorization', () => {
  it('needs an active authorization that has not ended', () => {
    expect(hasActiveAuthorization(null, '2026-07-14')).toBe(false);
    expect(hasActiveAuthorization({ active: 'Yes', dayEnd: '2026-07-14' }, '2026-07-14')).toBe(true);
    expect(hasActiveAuthorization({ active: 'yes', dayEnd: '2026-08-01' }, '2026-07-14')).toBe(true);
    expect(hasActiveAuthorization({ active: 'No', dayEnd: '2026-08-01' }, '2026-07-14')).toBe(false);
    expect(hasActiveAuthorization({ active: 'Yes', dayEnd: '2026-07-13' }, '2026-07-14')).toBe(false);
    expect(hasActiveAuthorization({ active: true }, '2026-07-14')).toBe(true);
  });
});
