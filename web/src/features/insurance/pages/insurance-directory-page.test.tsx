import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { InsuranceDirectoryPage } from './insurance-directory-page';

const ACCEPTANCE = ['yes', 'no', 'patient', 'maybe'];

function insurances() {
  return Array.from({ length: 20 }, (_, i) => ({
    insid: i + 1,
    insName: i === 4 ? 'Blue Cross Blue Shield' : `Plan ${String(i + 1).padStart(2, '0')}`,
    days: 30,
    authorization: 'Required',
    insCode: `P${i + 1}`,
    address: `PO Box ${i + 1}`,
    acceptance: ACCEPTANCE[i % 4],
    coverageName: `Coverage ${i + 1}`,
    insPicture: '',
  }));
}

type Handler = (url: string, init: RequestInit) => Response | undefined;

function signInAs(role: string) {
  window.localStorage.setItem('jwt', 'token-1');
  window.localStorage.setItem('role', role);
}

async function renderPage(extra: Handler = () => undefined) {
  const list = insurances();
  const fetchMock = mockFetch((url, init) => {
    const handled = extra(url, init);
    if (handled) return handled;
    if (url === '/api/insurance/all') return jsonResponse(list);
    const one = url.match(/^\/api\/insurance\/(\d+)$/);
    if (one) return jsonResponse(list.find((i) => i.insid === Number(one[1])));
    return jsonResponse({ error: 'not_found', message: 'Not found.' }, 404);
  });
  const view = renderWithRouter([{ path: '/insurance', element: <InsuranceDirectoryPage /> }], '/insurance');
  await screen.findByText('Showing 1–9 of 20 insurances');
  return { ...view, fetchMock };
}

const cardNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('Insurance Coverage Directory', () => {
  it('shows 9 cards per page, with acceptance as words and colours', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Insurance Coverage Directory');
    expect(cardNames()).toHaveLength(9);
    expect(screen.getByText(/coverage depends on the individual patient's plan/)).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(within(cards[0]!).getByText('Accepted').parentElement?.className).toMatch(/yes/);
    expect(within(cards[1]!).getByText('Not accepted').parentElement?.className).toMatch(/no/);
    expect(within(cards[2]!).getByText("Depends on the patient's plan").parentElement?.className).toMatch(
      /other/,
    );
    expect(within(cards[3]!).getByText('maybe').parentElement?.className).toMatch(/other/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 19–20 of 20 insurances')).toBeTruthy();
  });

  it('searches by name', async () => {
    await renderPage();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search by insurance name' }), {
      target: { value: 'blue' },
    });
    expect(cardNames()).toEqual(['Blue Cross Blue Shield']);
    // The coverage name is not searched.
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'coverage' } });
    expect(screen.getByText('No insurance matches “coverage”.')).toBeTruthy();
  });

  it('a visitor opens the details and sees no Edit button', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Plan 01' }));
    const dialog = screen.getByRole('dialog', { name: 'Plan 01' });
    expect(within(dialog).getByText('PO Box 1')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('a MANAGER cannot edit either', async () => {
    signInAs('MANAGER');
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Plan 01' }));
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('an ADMIN edits: view, then edit with Save; the record is sent to PUT /insurance/update/{id}', async () => {
    signInAs('ADMIN');
    let sent: unknown;
    const { fetchMock } = await renderPage((url, init) => {
      if (url === '/api/insurance/update/2' && init.method === 'PUT') {
        sent = JSON.parse(String(init.body));
        return jsonResponse({ ...insurances()[1], ...(sent as object), insid: 2 });
      }
      return undefined;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Plan 02' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    fireEvent.input(within(dialog).getByLabelText('Coverage name'), { target: { value: 'Gold PPO' } });
    fireEvent.change(within(dialog).getByLabelText('Acceptance'), { target: { value: 'yes' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(within(dialog).getByText(MSG.insuranceUpdated)).toBeTruthy());
    expect(sent).toMatchObject({ insName: 'Plan 02', coverageName: 'Gold PPO', acceptance: 'yes', days: 30 });
    expect(
      fetchMock.mock.calls.some(
        ([, init]) => (init.headers as Record<string, string>).Authorization === 'Bearer token-1',
      ),
    ).toBe(true);
    // Back in view mode.
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('a failed save says so and stays in edit mode; Cancel goes back to the view', async () => {
    signInAs('ADMIN');
    await renderPage((_url, init) =>
      init.method === 'PUT' ? jsonResponse({ error: 'forbidden', message: 'Nope.' }, 403) : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Plan 03' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(within(dialog).getByText(`${MSG.insuranceUpdateFailed} Nope.`)).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('a blank name is refused before sending', async () => {
    signInAs('ADMIN');
    const { fetchMock } = await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Plan 04' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    fireEvent.input(within(dialog).getByLabelText(/Insurance name/), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter the insurance name.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);
  });

  it('shows the load failure message', async () => {
    mockFetch(() => jsonResponse({ error: 'internal_error', message: 'x' }, 500));
    renderWithRouter([{ path: '/insurance', element: <InsuranceDirectoryPage /> }], '/insurance');
    expect(await screen.findByText(MSG.insuranceLoadFailed, {}, { timeout: 3000 })).toBeTruthy();
  });
});
