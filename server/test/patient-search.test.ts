import { PATIENT_SEARCH_MAX } from '@clinic/contract/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 13: the search popup shows the most telling matches first (a name starting with the term before
 * one holding it), and of a common start the first by name, read off an index range, not sorted from every
 * match.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('frontdesk');
  // 80 Smiths (more than a page of the popup) in a shuffled order, a Goldsmith, a Smithers and a Bigold.
  const smiths = Array.from({ length: 80 }, (_, i) => ({
    first_name: `Pat${String((i * 37) % 80).padStart(2, '0')}`,
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
    const expected = Array.from({ length: 80 }, (_, i) => `Pat${String(i).padStart(2, '0')} Smith`);
    expect(found).toEqual(expected.slice(0, PATIENT_SEARCH_MAX));
  });

  it('a name starting with the term comes before one holding it', async () => {
    // Bigold sorts before Goldsmith by name, but only holds the term.
    expect(await names('gold')).toEqual(['Anna Goldsmith', 'Eve Bigold']);
    // A page of names starting with "smit" leaves no room for Goldsmith, first by name of all who hold it.
    const smit = await names('smit');
    expect(smit[0]).toBe('Pat00 Smith');
    expect(smit).not.toContain('Anna Goldsmith');
    expect(await names('ldsmi')).toEqual(['Anna Goldsmith']);
  });

  it('a first name and the start of a last name together find the one patient', async () => {
    expect(await names('zed smi')).toEqual(['Zed Smithers']);
    expect(await names('anna gold')).toEqual(['Anna Goldsmith']);
  });
});
