import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { signInAs } from '../../../test/sign-in';
import { mockApi, pointsBankFixture, receiptFixture } from '../test-support';
import { ReceiptsPage } from './receipts-page';

const render = (path = '/patientreceipt') =>
  renderWithRouter([{ path: '/patientreceipt', element: <ReceiptsPage /> }], path);

const PENDING = receiptFixture();
const RECEIVED = receiptFixture({
  receipt_id: 31,
  id: 31,
  name: 'Water Bottle',
  vouched: true,
  amountTotal: 5,
  amountBefore: 17,
  amountAfter: 12,
  date: '2026-10-02',
});

/** Patient 7 has bank 5, patient 9 has bank 8. */
function mockReceiptsApi(receiptsOf: Record<number, () => Response> = {}) {
  return mockApi({
    'GET /api/points-bank/7': () => jsonResponse(pointsBankFixture()),
    'GET /api/points-bank/9': () => jsonResponse(pointsBankFixture({ pointsBankId: 8, patientId: 9 })),
    'GET /api/receipts/pointsBank/5': receiptsOf[5] ?? (() => jsonResponse([PENDING, RECEIVED])),
    'GET /api/receipts/pointsBank/8': receiptsOf[8] ?? (() => jsonResponse([RECEIVED])),
  });
}

const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('ReceiptsPage (/patientreceipt)', () => {
  it("a patient sees 'My Rewards History': their receipts, newest first, Pending or Received", async () => {
    mockReceiptsApi();
    signInAs('PATIENT', 7);
    render();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Rewards History');
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Reward',
      'Points used',
      'Before',
      'After',
      'Date',
      'Status',
    ]);
    expect(rowTexts()).toEqual([
      ['Massage Voucher', '10', '12', '2', 'Nov 20, 2026', 'Pending'],
      ['Water Bottle', '5', '17', '12', 'Oct 2, 2026', 'Received'],
    ]);
  });

  it("a patient never sees another patient's receipts, whatever ?patientId= says", async () => {
    const api = mockReceiptsApi();
    signInAs('PATIENT', 7);
    render('/patientreceipt?patientId=9');
    await screen.findByRole('table');
    expect(screen.getByText('Massage Voucher')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/points-bank/7', '/api/receipts/pointsBank/5']);
  });

  it('staff open a patient with ?patientId=', async () => {
    const api = mockReceiptsApi();
    signInAs('FRONTDESK');
    render('/patientreceipt?patientId=9');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Rewards History');
    expect(screen.getByText('Patient #9')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rowTexts()).toEqual([['Water Bottle', '5', '17', '12', 'Oct 2, 2026', 'Received']]);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/points-bank/9', '/api/receipts/pointsBank/8']);
  });

  it('a manager marks a Pending reward handed over, after confirming; then it reads Received (issue 28)', async () => {
    let handedOver = false;
    const api = mockApi({
      'GET /api/points-bank/9': () => jsonResponse(pointsBankFixture({ pointsBankId: 8, patientId: 9 })),
      'GET /api/receipts/pointsBank/8': () =>
        jsonResponse([{ ...PENDING, pointsBankId: 8, vouched: handedOver }, RECEIVED]),
      'PUT /api/receipts/40': () => {
        handedOver = true;
        return jsonResponse({ ...PENDING, pointsBankId: 8, vouched: true });
      },
    });
    signInAs('MANAGER');
    render('/patientreceipt?patientId=9');
    await screen.findByRole('table');
    // Only the Pending receipt has the action.
    expect(screen.getAllByRole('button', { name: /^Mark handed over/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mark handed over: Massage Voucher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over Massage Voucher' });
    expect(dialog).toHaveTextContent(MSG.confirmHandOver);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark handed over' }));
    expect(await screen.findByText(MSG.rewardHandedOver)).toBeInTheDocument();
    await waitFor(() =>
      expect(rowTexts()).toEqual([
        ['Massage Voucher', '10', '12', '2', 'Nov 20, 2026', 'Received'],
        ['Water Bottle', '5', '17', '12', 'Oct 2, 2026', 'Received'],
      ]),
    );
    const put = api.called('PUT', '/api/receipts/40');
    expect(put).toHaveLength(1);
    expect(JSON.parse(String(put[0]?.init.body))).toEqual({ vouched: true });
    expect(screen.queryByRole('button', { name: /^Mark handed over/ })).not.toBeInTheDocument();
  });

  it('only roles the server lets hand rewards over see the action', async () => {
    for (const [role, path] of [
      ['PATIENT', '/patientreceipt'],
      ['FRONTDESK', '/patientreceipt?patientId=7'],
      ['DOCTOR', '/patientreceipt?patientId=7'],
    ] as const) {
      mockReceiptsApi();
      signInAs(role, 7);
      const { unmount } = render(path);
      await screen.findByRole('table');
      expect(screen.getByText('Pending')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Mark handed over/ }), role).not.toBeInTheDocument();
      unmount();
    }
  });

  it('staff without ?patientId= are asked to choose a patient', () => {
    const api = mockReceiptsApi();
    signInAs('MANAGER', 7);
    render();
    expect(screen.getByRole('link', { name: 'All Patients' })).toHaveAttribute('href', '/allpatients');
    expect(api.calls).toEqual([]);
  });

  it('signed out, it asks to sign in', () => {
    const api = mockReceiptsApi();
    render('/patientreceipt?patientId=7');
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login/patient');
    expect(api.calls).toEqual([]);
  });

  it(`says '${MSG.noReceiptsYet}' with no receipts, and for a patient without a points bank`, async () => {
    mockReceiptsApi({ 5: () => jsonResponse([]) });
    signInAs('PATIENT', 7);
    const { unmount } = render();
    expect(await screen.findByText(MSG.noReceiptsYet)).toBeInTheDocument();
    unmount();

    mockApi({
      'GET /api/points-bank/7': () => jsonResponse({ error: 'not_found', message: 'No points bank.' }, 404),
    });
    render();
    expect(await screen.findByText(MSG.noReceiptsYet)).toBeInTheDocument();
  });

  it('shows older receipts by the key of the Link header', async () => {
    const api = mockReceiptsApi({
      5: () => {
        const before = api.calls.at(-1)?.query.get('before');
        if (before === '40') return jsonResponse([RECEIVED]);
        return new Response(JSON.stringify([PENDING]), {
          headers: {
            'Content-Type': 'application/json',
            Link: '</api/receipts/pointsBank/5?before=40&limit=50>; rel="next"',
          },
        });
      },
    });
    signInAs('PATIENT', 7);
    render();
    expect(await screen.findByText('1 receipt, newest first; older ones follow.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show older receipts' }));
    expect(await screen.findByText('Water Bottle')).toBeInTheDocument();
    expect(screen.getByText('2 receipts, newest first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older receipts' })).not.toBeInTheDocument();
    expect(api.called('GET', '/api/receipts/pointsBank/5').map((c) => c.query.toString())).toEqual([
      '',
      'before=40',
    ]);
  });
});
