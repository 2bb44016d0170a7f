import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { HomeSearch } from './home-search';

const DOCTORS = [
  {
    doctorId: 1,
    officeId: 1,
    officeName: 'Raleigh',
    firstName: 'Front',
    lastName: 'Desk',
    specialty: 'FRONT_DESK',
    bio: '',
    doctorPicture: '',
    rating: 100,
  },
  {
    doctorId: 2,
    officeId: 1,
    officeName: 'Raleigh',
    firstName: 'Maya',
    lastName: 'Lindqvist',
    specialty: 'Physical Therapist',
    bio: '',
    doctorPicture: '',
    rating: 100,
  },
  {
    doctorId: 3,
    officeId: 1,
    officeName: 'Raleigh',
    firstName: 'Noah',
    lastName: 'Park',
    specialty: 'Physical Therapist',
    bio: '',
    doctorPicture: '',
    rating: 100,
  },
];

function renderSearch(role: 'PATIENT' | 'FRONTDESK') {
  localStorage.setItem('jwt', 'staff-token');
  localStorage.setItem('role', role);
  return renderWithRouter([{ path: '/', element: <HomeSearch role={role} /> }]);
}

describe('HomeSearch', () => {
  it('runs on Enter only, and for a patient falls back from insurance to the first viewable doctor', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/insurance/search/all')) return jsonResponse([]);
      if (url.startsWith('/api/doctor/search/all')) return jsonResponse(DOCTORS);
      return jsonResponse({ error: 'not_found', message: 'nope' }, 404);
    });
    renderSearch('PATIENT');
    const input = screen.getByLabelText('Search insurance and our care team');
    fireEvent.input(input, { target: { value: ' lindqvist ' } });
    // Typing alone searches nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByRole('heading', { name: 'Maya Lindqvist' })).toBeInTheDocument();
    // Only the first result is shown.
    expect(screen.queryByText('Noah Park')).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual([
      '/api/insurance/search/all?query=lindqvist',
      '/api/doctor/search/all?query=lindqvist',
    ]);
    // The public searches go without a token (spec §7).
    for (const [, init] of fetchMock.mock.calls) expect(headersOf(init).Authorization).toBeUndefined();
  });

  it('shows the first insurance for a patient when one matches', async () => {
    mockFetch((url) =>
      url.startsWith('/api/insurance/search/all')
        ? jsonResponse([
            {
              insid: 4,
              insName: 'Blue Ridge PPO',
              days: 30,
              authorization: 'Required',
              insCode: 'BR',
              address: '',
              acceptance: 'patient',
              coverageName: 'PPO',
              insPicture: '',
            },
            {
              insid: 5,
              insName: 'Second Plan',
              days: 30,
              authorization: '',
              insCode: '',
              address: '',
              acceptance: 'yes',
              coverageName: '',
              insPicture: '',
            },
          ])
        : jsonResponse(DOCTORS),
    );
    renderSearch('PATIENT');
    const input = screen.getByLabelText('Search insurance and our care team');
    fireEvent.input(input, { target: { value: 'blue' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByRole('heading', { name: 'Blue Ridge PPO' })).toBeInTheDocument();
    expect(screen.getByText("Depends on the patient's plan")).toBeInTheDocument();
    expect(screen.queryByText('Second Plan')).toBeNull();
  });

  it("tells a patient 'Only doctors are viewable.' when only staff match", async () => {
    mockFetch((url) =>
      url.startsWith('/api/insurance') ? jsonResponse([]) : jsonResponse(DOCTORS.slice(0, 1)),
    );
    renderSearch('PATIENT');
    const input = screen.getByLabelText('Search insurance and our care team');
    fireEvent.input(input, { target: { value: 'desk' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText(MSG.onlyDoctorsViewable)).toBeInTheDocument();
  });

  it("staff search patients with their token; none found says 'No patients found.'", async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    renderSearch('FRONTDESK');
    const input = screen.getByLabelText('Search patients');
    fireEvent.input(input, { target: { value: 'nobody' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText(MSG.noPatientsFound)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/patient/search/all?query=nobody');
    expect(headersOf(init).Authorization).toBe('Bearer staff-token');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the first patient for staff', async () => {
    mockFetch(() =>
      jsonResponse([
        {
          patientId: 1,
          firstName: 'Maria',
          lastName: 'Diaz',
          dateOfBirth: '1980-02-03',
          phoneNumber: '555-0101',
          email: 'm@x.example',
        },
        { patientId: 2, firstName: 'Mario', lastName: 'Rossi', dateOfBirth: '', phoneNumber: '', email: '' },
      ]),
    );
    renderSearch('FRONTDESK');
    const input = screen.getByLabelText('Search patients');
    fireEvent.input(input, { target: { value: 'mari' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByRole('heading', { name: 'Maria Diaz' })).toBeInTheDocument();
    expect(screen.getByText('1980-02-03')).toBeInTheDocument();
    expect(screen.queryByText(/Mario/)).toBeNull();
  });

  it('an empty search does nothing; a failed one says so', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ error: 'internal_error', message: 'Boom' }, 500));
    renderSearch('FRONTDESK');
    const input = screen.getByLabelText('Search patients');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.input(input, { target: { value: 'x' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Search failed: Boom'));
  });
});
