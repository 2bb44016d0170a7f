import type { Rating } from '@clinic/contract/ratings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATING_APPOINTMENT_KEY, RATING_POPUP_PATH, RATING_POPUP_SOURCE } from '../lib/rating-popup';
import { appointmentFixture } from '../test/appointment-fixtures';
import { patientFixture } from '../test/directory-fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { receivePopupSelection } from '../test/popup-message';
import { ratingFixture, unratedVisitFixture } from '../test/rating-fixtures';
import { renderWithRouter } from '../test/render-with-router';
import { signInAs } from '../test/sign-in';
import { PatientDashboardRoute } from './patient-dashboard-panels';

const EMILY = patientFixture();

const NAMED = ratingFixture({ ratingId: 1, appointmentId: 41, date: '2026-03-04' });
const ANONYMOUS = unratedVisitFixture({
  ratingId: 2,
  appointmentId: 42,
  date: '2026-02-10',
  rated: true,
  anoymonous: true,
});
const UNRATED = unratedVisitFixture({ ratingId: 3, appointmentId: 43, date: '2026-01-20' });

const APPOINTMENTS = [
  appointmentFixture({
    appoinmentId: 41,
    patientId: 7,
    appointmentDate: '2026-03-04',
    conformation: 'Completed',
    startsAt: '2026-03-04T17:00:00.000Z',
  }),
  appointmentFixture({
    appoinmentId: 43,
    patientId: 7,
    appointmentDate: '2026-01-20',
    conformation: 'Completed',
    startsAt: '2026-01-20T17:00:00.000Z',
  }),
  appointmentFixture({
    appoinmentId: 44,
    patientId: 7,
    appointmentDate: '2026-01-05',
    conformation: 'Canceled',
    startsAt: '2026-01-05T17:00:00.000Z',
  }),
];

/** The dashboard's server; the ratings answer can change between calls (after a rating). */
function mockDashboardApi(ratings: () => Rating[] = () => [NAMED, ANONYMOUS, UNRATED]) {
  const paths: string[] = [];
  mockFetch((url) => {
    const { pathname } = new URL(url, 'http://localhost');
    paths.push(pathname);
    if (pathname === '/api/patientinfo/7') return jsonResponse(EMILY);
    if (pathname === '/api/points-bank/7')
      return jsonResponse({ pointsBankId: 5, patientId: 7, totalPoints: 12 });
    if (pathname === '/api/appointments/all') return jsonResponse(APPOINTMENTS);
    if (pathname === '/api/ratings/appointment/all/7') return jsonResponse(ratings());
    return jsonResponse({ error: 'not_found', message: 'Not found.' }, 404);
  });
  return { count: (path: string) => paths.filter((p) => p === path).length };
}

function renderDashboard() {
  return renderWithRouter(
    [{ path: '/dashboard/patient', element: <PatientDashboardRoute /> }],
    '/dashboard/patient',
  );
}

const rowOf = (table: HTMLElement, date: string) =>
  within(table).getByRole('row', { name: new RegExp(date) });

afterEach(() => sessionStorage.clear());

describe('patient dashboard ratings', () => {
  it('lists each visit with its scores out of 10, anonymous ones without scores, unrated ones with a Rate button', async () => {
    mockDashboardApi();
    signInAs('PATIENT', 7);
    renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Ratings' });
    const table = await within(panel).findByRole('table');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.indexOf('Ratings')).toBe(titles.indexOf('Appointments') + 1);

    expect(rowOf(table, 'Mar 4, 2026')).toHaveTextContent(
      'Marcus BellDenver Highlands8/109/10Knee feels better',
    );
    const anonymous = rowOf(table, 'Feb 10, 2026');
    expect(anonymous).toHaveTextContent('Rated anonymously');
    expect(anonymous).not.toHaveTextContent('/10');
    expect(
      within(rowOf(table, 'Jan 20, 2026')).getByRole('button', { name: 'Rate this visit of Jan 20, 2026' }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('button')).toHaveLength(1);
  });

  it('Rate this visit stores the appointment id in session storage, then opens the rating popup', async () => {
    mockDashboardApi();
    signInAs('PATIENT', 7);
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      expect(sessionStorage.getItem(RATING_APPOINTMENT_KEY)).toBe('43');
      return null;
    });
    renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Ratings' });
    fireEvent.click(await within(panel).findByRole('button', { name: /Rate this visit/ }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toBe(RATING_POPUP_PATH);
  });

  it('the appointments table offers Rate on Completed visits not yet rated, and only there', async () => {
    mockDashboardApi();
    signInAs('PATIENT', 7);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderDashboard();
    const appointments = await screen.findByRole('region', { name: 'Appointments' });
    const rate = await within(appointments).findByRole('button', { name: /^Rate the visit of/ });
    expect(within(appointments).getAllByRole('button', { name: /^Rate/ })).toHaveLength(1);
    expect(rate.closest('tr')).toHaveTextContent('Completed');
    fireEvent.click(rate);
    expect(sessionStorage.getItem(RATING_APPOINTMENT_KEY)).toBe('43');
    expect(open.mock.calls[0]?.[0]).toBe(RATING_POPUP_PATH);
  });

  it('when the popup reports a rating, the ratings and the points balance are fetched again', async () => {
    let rated = false;
    const api = mockDashboardApi(() => [
      NAMED,
      ANONYMOUS,
      rated
        ? ratingFixture({
            ratingId: 3,
            appointmentId: 43,
            date: '2026-01-20',
            rating: 6,
            officeRating: 7,
            reason: 'Long wait',
          })
        : UNRATED,
    ]);
    signInAs('PATIENT', 7);
    renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Ratings' });
    await within(panel).findByRole('button', { name: /Rate this visit/ });
    const pointsCalls = api.count('/api/points-bank/7');

    rated = true;
    receivePopupSelection({ source: RATING_POPUP_SOURCE, id: 43, name: 'Visit rated' });
    await waitFor(() => expect(within(panel).queryByRole('button')).not.toBeInTheDocument());
    expect(rowOf(within(panel).getByRole('table'), 'Jan 20, 2026')).toHaveTextContent('6/107/10Long wait');
    expect(api.count('/api/points-bank/7')).toBeGreaterThan(pointsCalls);
    const appointments = screen.getByRole('region', { name: 'Appointments' });
    expect(within(appointments).queryByRole('button', { name: /^Rate/ })).not.toBeInTheDocument();
  });

  it('staff viewing a patient see no ratings panel and no Rate buttons; the ratings are not fetched', async () => {
    const api = mockDashboardApi();
    signInAs('ADMIN', 7);
    renderDashboard();
    const appointments = await screen.findByRole('region', { name: 'Appointments' });
    await within(appointments).findByRole('table');
    expect(screen.queryByRole('region', { name: 'Ratings' })).not.toBeInTheDocument();
    expect(within(appointments).queryByRole('button', { name: /^Rate/ })).not.toBeInTheDocument();
    expect(api.count('/api/ratings/appointment/all/7')).toBe(0);
  });

  it('a patient with no completed visits is told there is nothing to rate yet', async () => {
    mockDashboardApi(() => []);
    signInAs('PATIENT', 7);
    renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Ratings' });
    expect(await within(panel).findByText(/No completed visits to rate yet/)).toBeInTheDocument();
  });
});
