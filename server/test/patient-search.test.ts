import { PATIENT_FILTER_MATCHES_MAX, PATIENT_SEARCH_MAX, type PatientPage } from '@clinic/contract/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 13: the search popup shows the most telling matches first (a name starting with the term before
 * one holding it), and of a common start the first by name, read off an index range, not sorted from every
 * match.
 */
const SMITHS = PATIENT_FILTER_MATCHES_MAX + 10;
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('frontdesk');
  // More Smiths than a filter pages through, in a shuffled order; a Goldsmith, a Smithers and a Bigold.
  const smiths = Array.from({ length: SMITHS }, (_, i) => ({
    first_name: `Pat${String((i * 37) % SMITHS).padStart(3, '0')}`,
    last_name: 'Smith',
    email: `smith.${i}@mail.example`,
  }));
  await t.database.db
    .insertInto('patients')
    .values([
      ...smiths,
      { first_name: 'Anna', last_name: 'Goldsmith', email: 'anna.g@mail.example' },
      { first_name: 'Zed', last_name: 'Smithers', email: 'zed.s@mail.example' },
      { first_name: 'Eve', last_name: 'Bigold', email: 'eve.b@mail.example' },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const names = async (query: string) => {
  const res = await t.call({
    method: 'GET',
    url: `/api/patientinfo/search/all?query=${encodeURIComponent(query)}`,
    token: staff,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { firstName: string; lastName: string }[]).map((p) => `${p.firstName} ${p.lastName}`);
};

describe('patient search order', () => {
  it('of a common start, the first by name, at most a page of them', async () => {
    const found = await names('smi');
    expect(found).toHaveLength(PATIENT_SEARCH_MAX);
    const expected = Array.from({ length: SMITHS }, (_, i) => `Pat${String(i).padStart(3, '0')} Smith`);
    expect(found).toEqual(expected.slice(0, PATIENT_SEARCH_MAX));
  });

  it('a name starting with the term comes before one holding it', async () => {
    // Bigold sorts before Goldsmith by name, but only holds the term.
    expect(await names('gold')).toEqual(['Anna Goldsmith', 'Eve Bigold']);
    // A page of names starting with "smit" leaves no room for Goldsmith, first by name of all who hold it.
    const smit = await names('smit');
    expect(smit[0]).toBe('Pat000 Smith');
    expect(smit).not.toContain('Anna Goldsmith');
    expect(await names('ldsmi')).toEqual(['Anna Goldsmith']);
  });

  it('a first name and the start of a last name together find the one patient', async () => {
    expect(await names('zed smi')).toEqual(['Zed Smithers']);
    expect(await names('anna gold')).toEqual(['Anna Goldsmith']);
  });
});

describe('All Patients filtered', () => {
  const filtered = async (q: string, page = 1, size = 5) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/patientinfo/all?q=${encodeURIComponent(q)}&page=${page}&size=${size}`,
      token: staff,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as PatientPage;
  };
  const namesOf = (page: PatientPage) => page.items.map((p) => `${p.firstName} ${p.lastName}`);

  it('finds what the screen says: any part of a name, an e-mail, a phone number, a date of birth', async () => {
    expect(namesOf(await filtered('anna.g@mail'))).toEqual(['Anna Goldsmith']);
    expect(namesOf(await filtered('ldsmi'))).toEqual(['Anna Goldsmith']);
    expect(namesOf(await filtered('555-0162'))).toEqual(['James Nguyen']);
    expect(namesOf(await filtered('4/12/1988')).map((name) => name.split(' ')[0])).toEqual(['Emily']);
    const gold = await filtered('gold');
    expect(namesOf(gold)).toEqual(['Anna Goldsmith', 'Eve Bigold']);
    expect(gold.total).toBe(2);
    expect(gold.more).toBeUndefined();
  });

  it('pages through the first matches in the search order, saying when more match', async () => {
    const first = await filtered('smith', 1, 80);
    expect(first.total).toBe(PATIENT_FILTER_MATCHES_MAX);
    expect(first.more).toBe(true);
    const second = await filtered('smith', 2, 80);
    const last = await filtered('smith', 3, 80);
    expect(last.items).toHaveLength(PATIENT_FILTER_MATCHES_MAX - 160);
    const all = [...namesOf(first), ...namesOf(second), ...namesOf(last)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 3)).toEqual(['Pat000 Smith', 'Pat001 Smith', 'Pat002 Smith']);
    expect((await filtered('smith', 4, 80)).items).toEqual([]);
  });
});
