import type { AuthorizationWorklistItem } from '@clinic/contract/authorizations';
import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { signInAs } from '../../../test/sign-in';
import { renderPageAt, worklistItem } from '../test-support';
import { AuthorizationWorklistPage } from './authorization-worklist-page';

const BASE = worklistItem();
// The server's order: soonest end first.
const ROWS: AuthorizationWorklistItem[] = [
  {
    ...BASE,
    authId: 40,
    patientId: 9,
    patientName: 'Zoe "Zee" Adams, Jr.',
    authCode: '=HYPERLINK("http://evil.example")',
    insName: 'Aetna',
    dayEnd: '2026-05-02',
    daysLeft: 0,
    visits: null,
    visitsLeft: null,
    endingSoon: true,
    fewVisitsLeft: false,
  },
  {
    ...BASE,
    authId: 41,
    patientId: 8,
    patientName: 'Adam Brooks',
    authCode: 'UHC-9',
    insName: 'United',
    dayEnd: '2026-05-10',
    daysLeft: 8,
    visitsLeft: 0,
    endingSoon: true,
    fewVisitsLeft: true,
  },
  BASE,
];

function mockServer(rows: AuthorizationWorklistItem[] = ROWS) {
  return mockFetch((url) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/patientauthorization/worklist') return jsonResponse(rows);
    return jsonResponse({ error: 'not_found', message: `unexpected ${pathname}` }, 404);
  });
}

const signIn = (role: string) => signInAs(role);
const renderPage = () => renderPageAt('/authorizations/worklist', <AuthorizationWorklistPage />);

const patientColumn = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('/authorizations/worklist', () => {
  it.each(['DOCTOR', 'PATIENT'])('is refused to %s', (role) => {
    signIn(role);
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
  });

  it('lists the worklist with the default filters, soonest end first, each patient linking to the dashboard', async () => {
    const fetchMock = mockServer();
    signIn('FRONTDESK');
    const { router } = renderPage();
    const table = await screen.findByRole('table');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ days: '14', visitsLeft: '2', limit: '500' });
    expect(screen.getByText('3 authorizations to follow up')).toBeVisible();
    expect(header('Ends')).toHaveAttribute('aria-sort', 'ascending');
    expect(patientColumn()).toEqual(['Zoe "Zee" Adams, Jr.', 'Adam Brooks', 'Emily Carter']);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Zoe "Zee" Adams, Jr.',
      '=HYPERLINK("http://evil.example")',
      'Aetna',
      'May 2, 2026',
      'Ends today',
      'No limit',
      'Ends soon',
    ]);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('0 of 12Ends soonFew visits left');

    fireEvent.click(screen.getByRole('link', { name: 'Emily Carter' }));
    expect(router.state.location.pathname).toBe('/dashboard/patient');
    expect(localStorage.getItem('patientId')).toBe('7');
  });

  it('sorts by a column header, and again the other way', async () => {
    mockServer();
    signIn('MANAGER');
    renderPage();
    await screen.findByRole('table');

    fireEvent.click(within(header('Patient')).getByRole('button'));
    expect(patientColumn()).toEqual(['Adam Brooks', 'Emily Carter', 'Zoe "Zee" Adams, Jr.']);
    expect(header('Patient')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Ends')).not.toHaveAttribute('aria-sort');

    fireEvent.click(within(header('Patient')).getByRole('button'));
    expect(header('Patient')).toHaveAttribute('aria-sort', 'descending');
    expect(patientColumn()).toEqual(['Zoe "Zee" Adams, Jr.', 'Emily Carter', 'Adam Brooks']);

    // No number of visits has nothing to sort by: last, either way.
    fireEvent.click(within(header('Visits left')).getByRole('button'));
    expect(patientColumn()).toEqual(['Adam Brooks', 'Emily Carter', 'Zoe "Zee" Adams, Jr.']);
    fireEvent.click(within(header('Visits left')).getByRole('button'));
    expect(patientColumn()).toEqual(['Emily Carter', 'Adam Brooks', 'Zoe "Zee" Adams, Jr.']);

    fireEvent.click(within(header('Days left')).getByRole('button'));
    expect(patientColumn()).toEqual(['Zoe "Zee" Adams, Jr.', 'Adam Brooks', 'Emily Carter']);
  });

  it('asks again when a filter changes, and keeps the last valid one while a filter is not a number', async () => {
    const fetchMock = mockServer();
    signIn('ADMIN');
    renderPage();
    await screen.findByRole('table');
    fireEvent.input(screen.getByLabelText('Ending within (days)'), { target: { value: '30' } });
    fireEvent.input(screen.getByLabelText('Visits left at most'), { target: { value: '' } });
    expect(screen.getByText('Enter a whole number from 0 to 1000.')).toBeVisible();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const url = new URL(String(fetchMock.mock.calls[1]?.[0]), 'http://localhost');
    expect(url.searchParams.get('days')).toBe('30');
    expect(url.searchParams.get('visitsLeft')).toBe('2');
  });

  it('says so when nothing needs attention, and offers no export', async () => {
    mockServer([]);
    signIn('FRONTDESK');
    renderPage();
    expect(
      await screen.findByText(
        'No authorizations to follow up: none ends within 14 days or has 2 or fewer visits left.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports the rows shown, in their order, as authorization_worklist.csv, escaped and formula-safe', async () => {
    mockServer();
    signIn('ADMIN');
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:worklist';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage();
    await screen.findByRole('table');
    fireEvent.click(within(header('Patient')).getByRole('button'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(names).toEqual(['authorization_worklist.csv']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const text = (await blobs[0]?.text())?.replace(/^\uFEFF/, '');
    expect(text?.split('\r\n')).toEqual([
      'Patient,Patient ID,Auth code,Insurance,Starts,Ends,Days left,Visits left,Visits authorized,Why',
      'Adam Brooks,8,UHC-9,United,2026-03-01,2026-05-10,8,0,12,"Ends soon, Few visits left"',
      'Emily Carter,7,BCB-2026,Blue Cross Blue Shield,2026-03-01,2026-06-30,40,1,12,Few visits left',
      '"Zoe ""Zee"" Adams, Jr.",9,"\'=HYPERLINK(""http://evil.example"")",Aetna,2026-03-01,2026-05-02,0,,,Ends soon',
      '',
    ]);
  });
});
