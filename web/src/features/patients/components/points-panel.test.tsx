import { MSG } from '@clinic/contract/messages';
import type { PointsBank } from '@clinic/contract/points';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { PointsPanel } from './points-panel';

const BANK: PointsBank = { pointsBankId: 5, patientId: 7, totalPoints: 12 };

/** Bank 5 of patient 7; a PUT sets its total unless `refusal` answers instead. */
function mockPointsApi(refusal?: () => Response) {
  const calls: string[] = [];
  let bank: PointsBank = BANK;
  mockFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    calls.push(`${init.method ?? 'GET'} ${parsed.pathname}${parsed.search}`);
    if (parsed.pathname === '/api/points-bank/7') return jsonResponse(bank);
    if (init.method === 'PUT' && parsed.pathname === '/api/points-bank/update/5') {
      if (refusal) return refusal();
      bank = { ...bank, totalPoints: Number(parsed.searchParams.get('totalPoints')) };
      return jsonResponse(bank);
    }
    return jsonResponse({ error: 'not_found', message: 'unexpected' }, 404);
  });
  return calls;
}

const render = (canAdjust: boolean) =>
  renderWithRouter(
    [{ path: '/dashboard/patient', element: <PointsPanel patientId={7} canAdjust={canAdjust} /> }],
    '/dashboard/patient',
  );

describe('PointsPanel', () => {
  it('shows the total with View Receipt to the patient’s receipts, and no adjustment without points:manage', async () => {
    mockPointsApi();
    render(false);
    const panel = screen.getByRole('region', { name: 'Reward points' });
    expect(await within(panel).findByText('12')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View Receipt' })).toHaveAttribute(
      'href',
      '/patientreceipt?patientId=7',
    );
    expect(within(panel).queryByRole('button', { name: 'Adjust points' })).not.toBeInTheDocument();
  });

  it(`adjusts the points with a required reason: '${MSG.pointsUpdated}'`, async () => {
    const calls = mockPointsApi();
    render(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust points' }));
    const form = screen.getByRole('form', { name: 'Adjust points' });
    const total = within(form).getByLabelText(/^New total/);
    expect(total).toHaveValue(12);
    fireEvent.input(total, { target: { value: '-3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save points' }));
    expect(total).toHaveAccessibleDescription(/whole number from 0/);
    expect(within(form).getByLabelText(/^Reason/)).toHaveAccessibleDescription(
      expect.stringContaining(MSG.pointsReasonRequired),
    );
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([]);

    fireEvent.input(total, { target: { value: '20' } });
    fireEvent.input(within(form).getByLabelText(/^Reason/), {
      target: { value: 'Goodwill for a late start' },
    });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save points' }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.pointsUpdated);
    expect(screen.getByText('20')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Adjust points' })).not.toBeInTheDocument();
    expect(calls).toContain('PUT /api/points-bank/update/5?totalPoints=20&reason=Goodwill+for+a+late+start');
  });

  it("keeps the form with the server's reason when the change is refused", async () => {
    mockPointsApi(() => jsonResponse({ error: 'bad_request', message: 'Too many points.' }, 400));
    render(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust points' }));
    const form = screen.getByRole('form', { name: 'Adjust points' });
    fireEvent.input(within(form).getByLabelText(/^Reason/), { target: { value: 'Fix' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save points' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${MSG.failedToSaveChanges} Too many points.`);
    expect(screen.getByRole('form', { name: 'Adjust points' })).toBeInTheDocument();
  });
});
