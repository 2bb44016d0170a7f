import { ALL_PATIENTS_PAGE_SIZE } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { PATIENT_FILTER_MATCHES_MAX, type Patient, type PatientPage } from '@clinic/contract/patients';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { landmarkRoute, renderWithRouter } from '../../../test/render-with-router';
import { AllPatientsPage, SEARCH_DEBOUNCE_MS } from './all-patients-page';

function patient(id: number, firstName: string, lastName: string): Patient {
  return {
    patientId: id,
    username: `user${id}`,
    email: `${firstName.toLowerCase()}@mail.example`,
    firstName,
    lastName,
    dateOfBirth: `1990-01-0${(id % 9) + 1}`,
    age: 35,
    phoneNumber: `(303) 555-01${String(id).padStart(2, '0')}`,
    sex: 'Other',
    notes: null,
    visits: 0,
    nfWc: null,
    totalPoints: 0,
  };
}

const EVERYONE = Array.from({ length: 12 }, (_, i) =>
  patient(i + 1, `First${i + 1}`, `Last${String(i + 1).padStart(2, '0')}`),
);

/** A server that filters and pages like the real one (prefix, any case), and records each call. */
function mockPatientServer(all: Patient[] = EVERYONE) {
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    expect(pathname).toBe('/api/patientinfo/all');
    const q = (searchParams.get('q') ?? '').toLowerCase();
    const page = Number(searchParams.get('page'));
    const size = Number(searchParams.get('size'));
    const matches = all.filter(
      (p) => !q || p.firstName.toLowerCase().startsWith(q) || p.lastName.toLowerCase().startsWith(q),
    );
    return jsonResponse({
      items: matches.slice((page - 1) * size, page * size),
      total: matches.length,
      page,
      size,
    });
  });
}

function renderPage() {
  return renderWithRouter(
    [{ path: '/allpatients', element: <AllPatientsPage /> }, landmarkRoute('/dashboard/patient')],
    '/allpatients',
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('All Patients', () => {
  it('shows five patients a page with the spec columns, and pages with Next, Prev and page buttons', async () => {
    const fetchMock = mockPatientServer();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'All Patients' })).toBeInTheDocument();
    await screen.findByText('First1');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['First name', 'Last name', 'Date of birth', 'Sex', 'Phone', 'E-mail']);
    expect(bodyRows()).toHaveLength(ALL_PATIENTS_PAGE_SIZE);
    expect(screen.getByText('Showing 1–5 of 12 patients')).toBeInTheDocument();
    const firstCall = new URL(fetchMock.mock.calls[0]![0], 'http://localhost');
    expect(firstCall.searchParams.get('page')).toBe('1');
    expect(firstCall.searchParams.get('size')).toBe('5');

    const pages = screen.getByRole('navigation', { name: 'Patients pages' });
    expect(within(pages).getByRole('button', { name: 'Prev' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First6')).toBeInTheDocument();
    expect(firstNames()).toEqual(['First6', 'First7', 'First8', 'First9', 'First10']);

    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('First11')).toBeInTheDocument();
    expect(firstNames()).toEqual(['First11', 'First12']);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(pages).getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('First6')).toBeInTheDocument();
    expect(firstNames()).toEqual(['First6', 'First7', 'First8', 'First9', 'First10']);
    const pagesAsked = fetchMock.mock.calls.map(([url]) =>
      new URL(url, 'http://localhost').searchParams.get('page'),
    );
    expect(pagesAsked).toEqual(['1', '2', '3']);
  });

  it('searches on the server by first or last name after typing pauses, from page 1', async () => {
    const fetchMock = mockPatientServer([
      ...EVERYONE,
      patient(40, 'Emily', 'Carter'),
      patient(41, 'Carla', 'Diaz'),
    ]);
    renderPage();
    await screen.findByText('First1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('First6');

    const callsBefore = fetchMock.mock.calls.length;
    fireEvent.input(screen.getByLabelText('Search by name, e-mail, phone or date of birth'), {
      target: { value: 'car' },
    });
    // Nothing is sent while the user may still be typing.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS / 2));
    expect(fetchMock.mock.calls.length).toBe(callsBefore);

    expect(await screen.findByText('Emily')).toBeInTheDocument();
    expect(firstNames().sort()).toEqual(['Carla', 'Emily']);
    // One request for the new search, straight to its first page.
    const searches = fetchMock.mock.calls.slice(callsBefore).map(([url]) => new URL(url, 'http://localhost'));
    expect(searches.map((u) => [u.searchParams.get('q'), u.searchParams.get('page')])).toEqual([
      ['car', '1'],
    ]);
    expect(screen.queryByRole('navigation', { name: 'Patients pages' })).not.toBeInTheDocument();
  });

  it('says when more patients match than the server pages through', async () => {
    mockFetch(() =>
      jsonResponse({
        items: EVERYONE.slice(0, ALL_PATIENTS_PAGE_SIZE),
        total: PATIENT_FILTER_MATCHES_MAX,
        page: 1,
        size: ALL_PATIENTS_PAGE_SIZE,
        more: true,
      } satisfies PatientPage),
    );
    renderPage();
    expect(
      await screen.findByText(
        `Showing 1–5 of ${PATIENT_FILTER_MATCHES_MAX} closest matches. More patients match: type more of the name to narrow the search.`,
      ),
    ).toBeInTheDocument();
  });

  it("says 'No patients found.' when nothing matches", async () => {
    mockPatientServer([]);
    renderPage();
    expect(await screen.findByText(MSG.noPatientsFound)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a row click stores the patient id and opens the patient dashboard', async () => {
    mockPatientServer();
    const { router } = renderPage();
    fireEvent.click(await screen.findByText('First3'));
    expect(localStorage.getItem('patientId')).toBe('3');
    expect(await screen.findByText('page /dashboard/patient')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/patient');
  });

  it('rows are keyboard operable: focusable, and Enter opens the patient', async () => {
    mockPatientServer();
    renderPage();
    await screen.findByText('First2');
    const row = bodyRows()[1]!;
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(localStorage.getItem('patientId')).toBe('2');
    expect(await screen.findByText('page /dashboard/patient')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    mockFetch(() =>
      jsonResponse({ error: 'forbidden', message: 'You do not have permission to do that.' }, 403),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do that.');
  });
});
