import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_MESSAGE_TYPE } from '../../../lib/popup';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { NO_OPENER_MESSAGE, SearchPopupPage } from './search-popup-page';

function renderPopup(query: string) {
  return renderWithRouter(
    [{ path: '/search-popup', element: <SearchPopupPage /> }],
    `/search-popup?${query}`,
  );
}

const PATIENT_URL = encodeURIComponent('/api/patientinfo/search/all');

async function searchFor(term: string) {
  fireEvent.input(screen.getByLabelText('Search'), { target: { value: term } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

let opener: { postMessage: ReturnType<typeof vi.fn>; closed: boolean };
let closeSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  opener = { postMessage: vi.fn(), closed: false };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  closeSpy = vi.spyOn(window, 'close').mockImplementation(() => {});
  localStorage.setItem('jwt', 'token-123');
});

afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

describe('search popup', () => {
  it("InsurancePatient (or no type) shows 'Unsupported Search Type' and searches nothing", () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    renderPopup(`type=InsurancePatient&inputTarget=x&url=${PATIENT_URL}`);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.unsupportedSearchType);
    expect(screen.queryByLabelText('Search')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['no url', 'type=Patient&inputTarget=patient'],
    ['a foreign url', `type=Patient&url=${encodeURIComponent('https://evil.example/api/patients')}`],
    ['a non-API url', `type=Patient&url=${encodeURIComponent('/images/x.png')}`],
  ])("with %s it shows 'Missing API URL'", (_label, query) => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    renderPopup(query);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Patient Search');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.missingApiUrl);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an empty term gives 'Please enter a search term.' without calling the server", async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    renderPopup(`type=Patient&inputTarget=patient&url=${PATIENT_URL}`);
    await searchFor('   ');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.enterSearchTerm);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searches the url with ?query= and the bearer token, then sends the choice to the opener and closes', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse([
        { patientId: 7, firstName: 'Emily', lastName: 'Carter', username: 'patient' },
        { patientId: 3, firstName: 'Ben', lastName: 'Archer', username: 'barcher' },
      ]),
    );
    renderPopup(`type=Patient&inputTarget=patientField&url=${PATIENT_URL}`);
    await searchFor(' car ');

    const results = await screen.findByRole('list', { name: '2 results' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/patientinfo/search/all?query=car');
    expect(headersOf(init).Authorization).toBe('Bearer token-123');
    // Sorted by name by default.
    expect(
      within(results)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ben ArcherID 3 · barcher', 'Emily CarterID 7 · patient']);

    fireEvent.click(within(results).getByRole('button', { name: /Emily Carter/ }));
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: POPUP_MESSAGE_TYPE, source: 'search', target: 'patientField', id: 7, name: 'Emily Carter' },
      window.location.origin,
    );
    expect(closeSpy).toHaveBeenCalled();
  });

  it('keeps the query of the caller’s url and re-sorts by ID or Username without searching again', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse([
        { doctorId: 12, firstName: 'Ana', lastName: 'Zed', username: 'zed' },
        { doctorId: 4, firstName: 'Bo', lastName: 'Young', username: 'alpha' },
      ]),
    );
    renderPopup(`type=Doctor&inputTarget=d&url=${encodeURIComponent('/api/doctor/search/all?officeId=2')}`);
    await searchFor('a');
    const results = await screen.findByRole('list', { name: '2 results' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/doctor/search/all?officeId=2&query=a');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'ID' } });
    expect(within(results).getAllByRole('button')[0]).toHaveTextContent('ID 4');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'Username' } });
    expect(within(results).getAllByRole('button')[0]).toHaveTextContent('alpha');
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Username');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a result without an id says 'No valid ID found for this selection.' and sends nothing", async () => {
    mockFetch(() => jsonResponse([{ officeName: 'Mystery office' }]));
    renderPopup(`type=Office&inputTarget=office&url=${encodeURIComponent('/api/office/all')}`);
    await searchFor('m');
    fireEvent.click(await screen.findByRole('button', { name: /Mystery office/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.noValidId);
    expect(opener.postMessage).not.toHaveBeenCalled();
    expect(closeSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['a non-OK answer', () => jsonResponse({ error: 'forbidden', message: 'nope' }, 403)],
    ['an answer that is not a list', () => jsonResponse({ items: [] })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("%s gives 'Failed to fetch search results.'", async (_label, answer) => {
    mockFetch(answer);
    renderPopup(`type=Insurance&inputTarget=ins&url=${encodeURIComponent('/api/insurance/search/all')}`);
    await searchFor('aetna');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.failedToFetchSearchResults);
  });

  it("an empty list says 'No results found.'", async () => {
    mockFetch(() => jsonResponse([]));
    renderPopup(`type=Patient&url=${PATIENT_URL}`);
    await searchFor('zz');
    expect(await screen.findByText(MSG.noResultsFound)).toBeInTheDocument();
  });

  it('opened without an opener, a choice says it cannot be sent back', async () => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    mockFetch(() => jsonResponse([{ patientId: 1, firstName: 'A', lastName: 'B' }]));
    renderPopup(`type=Patient&url=${PATIENT_URL}`);
    await searchFor('a');
    fireEvent.click(await screen.findByRole('button', { name: /A B/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(NO_OPENER_MESSAGE);
    expect(closeSpy).not.toHaveBeenCalled();
  });
});
