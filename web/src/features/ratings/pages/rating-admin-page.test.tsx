import { MSG } from '@clinic/contract/messages';
import type { Rating, RatingSummary } from '@clinic/contract/ratings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { ratingFixture, standingFixture } from '../../../test/rating-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { signInAs } from '../../../test/sign-in';
import { RATINGS_PAGE_SIZE } from '../api/get-ratings';
import { RatingAdminPage, type RatingFilterChoices } from './rating-admin-page';

const CHOICES: RatingFilterChoices = {
  doctors: [
    { id: 3, name: 'Marcus Bell' },
    { id: 4, name: 'Ana Ruiz' },
  ],
  offices: [
    { id: 2, name: 'Denver Highlands' },
    { id: 5, name: 'Boulder Creek' },
  ],
};

const NAMED = ratingFixture({ ratingId: 1 });
const ANONYMOUS = ratingFixture({
  ratingId: 2,
  appointmentId: 0,
  anoymonous: true,
  patientId: null,
  patientName: null,
  rating: 4,
  officeRating: 6,
  reason: 'Long wait',
  extraNotes: 'Front desk was busy',
  date: '2026-02-10',
});
const FIRST_PAGE: Rating[] = [
  NAMED,
  ANONYMOUS,
  ...Array.from({ length: RATINGS_PAGE_SIZE - 2 }, (_, i) => ratingFixture({ ratingId: 100 + i })),
];
const SECOND_PAGE: Rating[] = [
  ratingFixture({ ratingId: 200, patientName: 'Ben Archer' }),
  ratingFixture({ ratingId: 201 }),
];

const SUMMARY: RatingSummary = {
  doctors: [
    standingFixture({
      id: 4,
      name: 'Ana Ruiz',
      average: 9.1,
      count: 1,
      months: [{ month: '2026-02', average: 9.1, count: 1 }],
    }),
    standingFixture({ id: 3, name: 'Marcus Bell', average: 7.5, count: 4 }),
  ],
  offices: [standingFixture({ id: 2, name: 'Denver Highlands', average: 8, count: 27 })],
};

interface Options {
  pages?: Record<string, Rating[]>;
  total?: number;
}

/** /ratings/all answers FIRST_PAGE with a Link to cursor 'p2' (SECOND_PAGE), unless told otherwise. */
function mockRatingsServer({ pages = { '': FIRST_PAGE, p2: SECOND_PAGE }, total = 27 }: Options = {}) {
  const requests: URL[] = [];
  const fetchMock = mockFetch((url) => {
    const parsed = new URL(url, 'http://localhost');
    requests.push(parsed);
    if (parsed.pathname === '/api/ratings/all') {
      const cursor = parsed.searchParams.get('cursor') ?? '';
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'X-Total-Count': String(total),
      };
      if (cursor === '' && pages.p2) headers.Link = '</api/ratings/all?limit=25&cursor=p2>; rel="next"';
      return new Response(JSON.stringify(pages[cursor] ?? []), { status: 200, headers });
    }
    if (parsed.pathname === '/api/ratings/summary') return jsonResponse(SUMMARY);
    if (parsed.pathname === '/api/ratings/export') {
      return new Response('Patient,Doctor\r\nAnonymous,Marcus Bell\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
    }
    return jsonResponse({ error: 'not_found', message: 'unexpected' }, 404);
  });
  const to = (path: string) => requests.filter((r) => r.pathname === path);
  return { fetchMock, to };
}

function renderPage(search = '') {
  return renderWithRouter(
    [{ path: '/ratingadminview', element: <RatingAdminPage choices={CHOICES} /> }],
    `/ratingadminview${search}`,
  );
}

const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);
const ratingsTable = () => screen.getByRole('table', { name: /Patients' ratings/ });

describe('ratings dashboard (/ratingadminview)', () => {
  it.each(['PATIENT', 'MANAGER', 'FRONTDESK'])(
    '%s sees Access Denied and no ratings are asked for',
    (role) => {
      const { fetchMock } = mockRatingsServer();
      signInAs(role, 7);
      renderPage();
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
      expect(screen.getByText("Only administrators can view patients' ratings.")).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('shows the spec columns; an anonymous rating names no patient', async () => {
    mockRatingsServer();
    signInAs('ADMIN');
    renderPage();
    const table = await screen.findByRole('table', { name: /Patients' ratings/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Patient', 'Doctor', 'Office', 'Date', 'Reason', 'Notes', 'Anonymous']);
    const [named, anonymous] = within(table).getAllByRole('row').slice(1);
    expect(
      within(named!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Emily Carter',
      'Marcus Bell 8/10',
      'Denver Highlands 9/10',
      'Mar 4, 2026',
      'Knee feels better',
      '—',
      'No',
    ]);
    expect(
      within(anonymous!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Anonymous',
      'Marcus Bell 4/10',
      'Denver Highlands 6/10',
      'Feb 10, 2026',
      'Long wait',
      'Front desk was busy',
      'Yes',
    ]);
  });

  it('reads the filters from the URL and sends them to the list and the averages', async () => {
    const { to } = mockRatingsServer();
    signInAs('ADMIN');
    renderPage('?doctorId=3&officeId=2&from=2026-01-01&to=2026-03-31&junk=1');
    await screen.findByRole('table', { name: /Patients' ratings/ });
    const filters = { doctorId: '3', officeId: '2', from: '2026-01-01', to: '2026-03-31' };
    expect(query(to('/api/ratings/all')[0])).toEqual({ ...filters, limit: String(RATINGS_PAGE_SIZE) });
    expect(query(to('/api/ratings/summary')[0])).toEqual(filters);
    const form = screen.getByRole('form', { name: 'Rating filters' });
    expect(within(form).getByLabelText('Doctor')).toHaveValue('3');
    expect(within(form).getByLabelText('Office')).toHaveValue('2');
    expect(within(form).getByLabelText('Visits from')).toHaveValue('2026-01-01');
    expect(within(form).getByLabelText('Visits to')).toHaveValue('2026-03-31');
  });

  it('applies the filters on submit: into the URL and the query; dates in the wrong order are refused', async () => {
    const { to } = mockRatingsServer();
    signInAs('ADMIN');
    const { router } = renderPage();
    await screen.findByRole('table', { name: /Patients' ratings/ });
    const form = screen.getByRole('form', { name: 'Rating filters' });
    fireEvent.change(within(form).getByLabelText('Doctor'), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText('Office'), { target: { value: '5' } });
    fireEvent.input(within(form).getByLabelText('Visits from'), { target: { value: '2026-03-01' } });
    fireEvent.input(within(form).getByLabelText('Visits to'), { target: { value: '2026-02-01' } });
    expect(to('/api/ratings/all')).toHaveLength(1);

    fireEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(
      within(form).getByText('The end date must be on or after the start date.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    fireEvent.input(within(form).getByLabelText('Visits to'), { target: { value: '2026-03-31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('?doctorId=4&officeId=5&from=2026-03-01&to=2026-03-31');
    await waitFor(() => expect(to('/api/ratings/all')).toHaveLength(2));
    expect(query(to('/api/ratings/all')[1])).toEqual({
      doctorId: '4',
      officeId: '5',
      from: '2026-03-01',
      to: '2026-03-31',
      limit: String(RATINGS_PAGE_SIZE),
    });

    fireEvent.click(
      within(screen.getByRole('form', { name: 'Rating filters' })).getByRole('button', { name: 'Clear' }),
    );
    expect(router.state.location.search).toBe('');
  });

  it('pages with the Link cursor, keeping the filters; Previous goes back; the count reads from X-Total-Count', async () => {
    const { to } = mockRatingsServer();
    signInAs('ADMIN');
    renderPage('?officeId=2');
    await screen.findByRole('table', { name: /Patients' ratings/ });
    expect(screen.getByText('Showing 1–25 of 27 ratings')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Ratings pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–27 of 27 ratings')).toBeInTheDocument();
    expect(query(to('/api/ratings/all').at(-1))).toEqual({
      officeId: '2',
      limit: String(RATINGS_PAGE_SIZE),
      cursor: 'p2',
    });
    expect(within(ratingsTable()).getAllByRole('row')).toHaveLength(3);
    expect(within(ratingsTable()).getByText('Ben Archer')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    fireEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1–25 of 27 ratings')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('says one rating in the singular, and shows no pager when everything fits', async () => {
    mockRatingsServer({ pages: { '': [NAMED] }, total: 1 });
    signInAs('ADMIN');
    renderPage();
    expect(await screen.findByText('Showing 1 of 1 rating')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Ratings pages' })).not.toBeInTheDocument();
  });

  it("no ratings: 'No ratings found.' and nothing to export", async () => {
    mockRatingsServer({ pages: { '': [] }, total: 0 });
    signInAs('ADMIN');
    renderPage('?doctorId=4');
    expect(await screen.findByText(MSG.noRatingsFound)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Patients' ratings/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports ratings_export.csv of the current filters with the bearer token', async () => {
    const { fetchMock } = mockRatingsServer();
    signInAs('ADMIN');
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:ratings';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage('?doctorId=3&from=2026-01-01');
    await screen.findByRole('table', { name: /Patients' ratings/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(names).toEqual(['ratings_export.csv']));
    const call = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/ratings/export'));
    expect(call?.[0]).toBe('/api/ratings/export?doctorId=3&from=2026-01-01');
    expect(headersOf(call?.[1]).Authorization).toBe('Bearer token');
    expect((await blobs[0]?.text())?.replace(/^\uFEFF/, '')).toBe(
      'Patient,Doctor\r\nAnonymous,Marcus Bell\r\n',
    );
  });

  it('shows the averages per doctor and per office, lowest first, each with its monthly trend', async () => {
    mockRatingsServer();
    signInAs('ADMIN');
    renderPage();
    const doctors = await screen.findByRole('region', { name: 'Doctors by average rating' });
    const rows = within(doctors).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Marcus Bell',
      'Ana Ruiz',
    ]);
    expect(rows[0]).toHaveTextContent('7.5/104 ratings');
    expect(rows[1]).toHaveTextContent('9.1/101 rating');
    expect(
      within(rows[0]!).getByRole('img', { name: 'Average by month: Jan 2026 8.3, Feb 6.8' }),
    ).toBeInTheDocument();
    const offices = screen.getByRole('region', { name: 'Offices by average rating' });
    expect(within(offices).getByRole('row', { name: /Denver Highlands/ })).toHaveTextContent(
      '8.0/1027 ratings',
    );
  });
});
