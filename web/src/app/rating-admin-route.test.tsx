import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { doctorFixture, officeFixture } from '../test/directory-fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderWithRouter } from '../test/render-with-router';
import { signInAs } from '../test/sign-in';
import { RatingAdminRoute } from './rating-admin-route';

describe('/ratingadminview route', () => {
  it('offers the doctors who see patients (not staff records) and the offices, by name', async () => {
    mockFetch((url) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/doctorinfo/doctor/all/details') {
        return jsonResponse([
          doctorFixture({
            doctorId: 3,
            firstName: 'Marcus',
            lastName: 'Bell',
            specialty: 'Physical Therapy',
          }),
          doctorFixture({ doctorId: 9, firstName: 'Front', lastName: 'Desk', specialty: 'FRONT_DESK' }),
          doctorFixture({ doctorId: 4, firstName: 'Ana', lastName: 'Ruiz', specialty: 'Acupuncture' }),
          doctorFixture({ doctorId: 1, firstName: 'Site', lastName: 'Admin', specialty: 'ADMIN' }),
        ]);
      }
      if (pathname === '/api/office/all')
        return jsonResponse([
          officeFixture({ officeId: 5, officeName: 'Boulder Creek' }),
          officeFixture({ officeId: 2, officeName: 'Aurora' }),
        ]);
      if (pathname === '/api/ratings/all' || pathname === '/api/ratings/summary') {
        return jsonResponse(pathname.endsWith('all') ? [] : { doctors: [], offices: [] });
      }
      return jsonResponse({ error: 'not_found', message: 'unexpected' }, 404);
    });
    signInAs('ADMIN');
    renderWithRouter([{ path: '/ratingadminview', element: <RatingAdminRoute /> }], '/ratingadminview');
    const form = await screen.findByRole('form', { name: 'Rating filters' });
    const doctors = within(form).getByLabelText('Doctor');
    await within(doctors).findByRole('option', { name: 'Ana Ruiz' });
    expect(
      within(doctors)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All doctors', 'Ana Ruiz', 'Marcus Bell']);
    const offices = within(form).getByLabelText('Office');
    await within(offices).findByRole('option', { name: 'Aurora' });
    expect(
      within(offices)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All offices', 'Aurora', 'Boulder Creek']);
  });
});
