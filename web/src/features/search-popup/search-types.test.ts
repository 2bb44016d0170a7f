import { describe, expect, it } from 'vitest';
import {
  parseSearchType,
  resolveApiUrl,
  resultDetails,
  resultId,
  resultName,
  sortResults,
} from './search-types';

const ORIGIN = 'http://clinic.example';

describe('search popup rules', () => {
  it('knows the four searchable kinds only', () => {
    expect(parseSearchType('Patient')).toBe('Patient');
    expect(parseSearchType('InsurancePatient')).toBeNull();
    expect(parseSearchType(null)).toBeNull();
    expect(parseSearchType('patient')).toBeNull();
  });

  it.each([
    ['/api/patientinfo/search/all', { path: '/patientinfo/search/all', query: {} }],
    ['/api/doctor/search/all?officeId=2', { path: '/doctor/search/all', query: { officeId: '2' } }],
    [`${ORIGIN}/api/office/all`, { path: '/office/all', query: {} }],
  ])('accepts this site’s API url %s', (url, expected) => {
    expect(resolveApiUrl(url, ORIGIN)).toEqual(expected);
  });

  it.each([
    null,
    '',
    '   ',
    'https://evil.example/api/patients',
    '//evil.example/api/patients',
    'http://clinic.example:8443/api/x',
    '/images/header/a.png',
    '/apix/thing',
    'javascript:alert(1)',
    '/api/../admin',
  ])('refuses %s', (url) => {
    expect(resolveApiUrl(url, ORIGIN)).toBeNull();
  });

  it('reads ids and names in the spec spellings and alternates', () => {
    expect(resultId('Office', { officeId: 3, officeName: 'Denver' })).toBe(3);
    expect(resultName('Office', { officeId: 3, officeName: 'Denver' })).toBe('Denver');
    expect(resultId('Insurance', { insId: 7 })).toBe(7);
    expect(resultId('Insurance', { insid: 8, insId: 9 })).toBe(8);
    expect(resultName('Insurance', { insuranceName: 'Aetna' })).toBe('Aetna');
    expect(resultName('Doctor', { firstname: 'Maya', lastname: 'Lindqvist' })).toBe('Maya Lindqvist');
    expect(resultName('Patient', { firstName: 'Emily', lastName: 'Carter' })).toBe('Emily Carter');
    expect(resultName('Patient', {})).toBe('Unnamed');
    expect(resultId('Patient', { firstName: 'No id' })).toBeNull();
    expect(resultId('Patient', { patientId: '' })).toBeNull();
  });

  it('sorts by ID, Name or Username; records without the key go last', () => {
    const records = [
      { patientId: 10, firstName: 'Zed', lastName: 'A', username: 'bravo' },
      { patientId: 2, firstName: 'amy', lastName: 'B' },
      { patientId: 33, firstName: 'Ben', lastName: 'C', username: 'alpha' },
    ];
    const ids = (key: 'ID' | 'Name' | 'Username') =>
      sortResults('Patient', records, key).map((r) => r.patientId);
    expect(ids('ID')).toEqual([2, 10, 33]);
    expect(ids('Name')).toEqual([2, 33, 10]);
    expect(ids('Username')).toEqual([33, 10, 2]);
  });
});

describe('resultDetails', () => {
  it('tells two patients of one name apart by birth date and phone; nothing for other records', () => {
    expect(resultDetails('Patient', { dateOfBirth: '1988-04-12', phoneNumber: '(303) 555-0161' })).toEqual([
      'born Apr 12, 1988',
      '(303) 555-0161',
    ]);
    expect(resultDetails('Patient', { dateOfBirth: null, phoneNumber: '' })).toEqual([]);
    expect(resultDetails('Office', { dateOfBirth: '1988-04-12' })).toEqual([]);
  });
});
