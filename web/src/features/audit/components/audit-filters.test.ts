import { describe, expect, it } from 'vitest';
import { auditFilterSearch, auditFiltersFromForm, parseAuditFilters } from './audit-filters';

const blank = { patientId: '', actor: '', action: '', from: '', to: '' };

describe('audit filters in the URL', () => {
  it('reads valid filters and leaves out the rest', () => {
    const params = new URLSearchParams(
      'patientId=42&actor=%20Frontdesk%20&action=login&from=2026-03-01&to=2026-02-30',
    );
    expect(parseAuditFilters(params)).toEqual({
      patientId: 42,
      actor: 'Frontdesk',
      action: 'login',
      from: '2026-03-01',
    });
    expect(parseAuditFilters(new URLSearchParams('patientId=0&action=drop&from=yesterday'))).toEqual({});
  });

  it('writes them back in a fixed order, so one view has one link', () => {
    expect(auditFilterSearch({ to: '2026-03-02', action: 'read', patientId: 7 })).toBe(
      'patientId=7&action=read&to=2026-03-02',
    );
    expect(
      auditFilterSearch(parseAuditFilters(new URLSearchParams(auditFilterSearch({ actor: 'a b' })))),
    ).toBe('actor=a+b');
  });
});

describe('the filter form', () => {
  it('says which field is wrong', () => {
    expect(auditFiltersFromForm({ ...blank, patientId: 'abc' })).toEqual({
      field: 'patientId',
      error: 'A patient id is a whole number, such as 42.',
    });
    expect(auditFiltersFromForm({ ...blank, from: '2026-03-05', to: '2026-03-01' })).toMatchObject({
      field: 'to',
    });
  });

  it('turns a valid form into filters', () => {
    expect(auditFiltersFromForm({ ...blank, patientId: ' 12 ', action: 'update' })).toEqual({
      filters: { patientId: 12, action: 'update' },
    });
  });
});
