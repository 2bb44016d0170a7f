import type { Doctor } from '@clinic/contract/doctors';
import type { Office } from '@clinic/contract/offices';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderWithRouter } from '../test/render-with-router';
import { signInAs } from '../test/sign-in';
import { RatingAdminRoute } from './rating-admin-route';

function doctor(doctorId: number, firstName: string, lastName: string, specialty: string): Doctor {
  return {
    doctorId,
    officeId: 2,
    officeName: null,
    firstName,
    lastName,
    specialty,
    bio: '',
    doctorPicture: '',
    rating: 100,
  };
}

function office(officeId: number, officeName: string): Office {
  return {
    officeId,
    officeName,
    address: '',
    description: '',
    phoneNumber: '',
    email: '',
    officeKey: null,
    officeImage: '',
    timeZone: 'America/Denver',
  };
}

describe('/ratingadminview route', () => {
  it('offers the doctors who see patients (not staff records) and the offices, by name', async () => {
    mockFetch((url) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/doctorinfo/doctor/all/details') {
        return jsonResponse([
          doctor(3, 'Marcus', 'Bell', 'Physical Therapy'),
          doctor(9, 'Front', 'Desk', 'FRONT_DESK'),
          doctor(4, 'Ana', 'Ruiz', 'Acupuncture'),
          doctor(1, 'Site', 'Admin', 'ADMIN'),
        ]);
      }
      if (pathname === '/api/office/all')
        return jsonResponse([office(5, 'Boulder Creek'), office(2, 'Aurora')]);
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
