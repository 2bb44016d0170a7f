import { MSG } from '@clinic/contract/messages';
import type { PurchaseBody } from '@clinic/contract/receipts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { signInAs } from '../../../test/sign-in';
import { inventoryItemFixture, mockApi, pointsBankFixture, receiptFixture } from '../test-support';
import { RewardsPage } from './rewards-page';

const render = () =>
  renderWithRouter([{ path: '/pointpatientinventory', element: <RewardsPage /> }], '/pointpatientinventory');

const MASSAGE = inventoryItemFixture();
const BOTTLE = inventoryItemFixture({ inventory_id: 4, title: 'Water Bottle', price: 50, picture: '' });
const TOWEL = inventoryItemFixture({ inventory_id: 5, title: 'Towel', price: 2, picture: 'null' });
const SOCKS = inventoryItemFixture({ inventory_id: 6, title: 'Socks', price: 2, picture: 'undefined' });
const ON_SALE = [MASSAGE, BOTTLE, TOWEL, SOCKS];

const card = (title: string) => screen.getByRole('article', { name: title });

describe('RewardsPage (/pointpatientinventory)', () => {
  it('explains the program and shows the rewards on sale today; a picture only when there is one', async () => {
    const api = mockApi({ 'GET /api/inventory/all': () => jsonResponse(ON_SALE) });
    render();
    expect(screen.getByRole('heading', { name: 'How the rewards program works' })).toBeInTheDocument();
    expect(screen.getByText('5 welcome points when you register.')).toBeInTheDocument();
    expect(
      screen.getByText(/1 point for each completed visit, and 1 more when you rate it/),
    ).toBeInTheDocument();
    expect(screen.getByText(/non-transferable and have no cash value.*2 to 48 hours/)).toBeInTheDocument();

    await screen.findByRole('article', { name: 'Massage Voucher' });
    expect(card('Massage Voucher')).toHaveTextContent('A 30-minute massage.');
    expect(card('Massage Voucher')).toHaveTextContent('10 points');
    expect(card('Massage Voucher').querySelector('img')).toHaveAttribute(
      'src',
      '/images/inventory/massage.png',
    );
    for (const title of ['Water Bottle', 'Towel', 'Socks'])
      expect(card(title).querySelector('img')).toBeNull();
    expect(api.called('GET', '/api/inventory/all')[0]?.query.get('available')).toBe('true');
  });

  it('signed out, each card says to log in as a patient, with the patient login', async () => {
    const api = mockApi({ 'GET /api/inventory/all': () => jsonResponse([MASSAGE]) });
    render();
    const massage = await screen.findByRole('article', { name: 'Massage Voucher' });
    expect(massage).toHaveTextContent(MSG.loginToRedeem);
    expect(within(massage).getByRole('link', { name: 'Patient login' })).toHaveAttribute(
      'href',
      '/login/patient',
    );
    expect(within(massage).queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/inventory/all']);
  });

  it.each(['ADMIN', 'FRONTDESK'])('%s sees the hint without a Buy button or a balance', async (role) => {
    const api = mockApi({ 'GET /api/inventory/all': () => jsonResponse([MASSAGE]) });
    signInAs(role);
    render();
    const massage = await screen.findByRole('article', { name: 'Massage Voucher' });
    expect(massage).toHaveTextContent(MSG.loginToRedeem);
    expect(within(massage).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Your balance')).not.toBeInTheDocument();
    expect(api.called('GET', '/api/points-bank/7')).toEqual([]);
  });

  it(`says '${MSG.noRewardsAvailable}' when nothing is on sale`, async () => {
    mockApi({ 'GET /api/inventory/all': () => jsonResponse([]) });
    render();
    expect(await screen.findByText(MSG.noRewardsAvailable)).toBeInTheDocument();
  });

  it('a patient sees their balance; Buy is disabled, with why, when the points do not reach', async () => {
    mockApi({
      'GET /api/inventory/all': () => jsonResponse([MASSAGE, BOTTLE]),
      'GET /api/points-bank/7': () => jsonResponse(pointsBankFixture({ totalPoints: 12 })),
    });
    signInAs('PATIENT', 7);
    render();
    expect(await screen.findByText('12 points')).toBeInTheDocument();
    const bottle = within(card('Water Bottle')).getByRole('button', { name: 'Buy Water Bottle' });
    expect(bottle).toBeDisabled();
    expect(bottle).toHaveAccessibleDescription('You need 38 points more for this reward.');
    expect(
      within(card('Massage Voucher')).getByRole('button', { name: 'Buy Massage Voucher' }),
    ).toBeEnabled();
  });

  it('buys after the confirmation: POST /receipts, the success message for 3 s with the history link, the balance refreshed', async () => {
    let balance = 12;
    const api = mockApi({
      'GET /api/inventory/all': () => jsonResponse([MASSAGE]),
      'GET /api/points-bank/7': () => jsonResponse(pointsBankFixture({ totalPoints: balance })),
      'POST /api/receipts': () => {
        balance = 2;
        return jsonResponse(receiptFixture(), 201);
      },
    });
    signInAs('PATIENT', 7);
    render();
    const buy = await screen.findByRole('button', { name: 'Buy Massage Voucher' });
    await waitFor(() => expect(buy).toBeEnabled());
    fireEvent.click(buy);
    const dialog = screen.getByRole('dialog', { name: 'Spend 10 points on Massage Voucher?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.called('POST', '/api/receipts')).toEqual([]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(buy);
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Buy' }));
    });
    const success = await screen.findByText(MSG.purchaseComplete, { exact: false });
    expect(within(success).getByRole('link', { name: 'View My Rewards History' })).toHaveAttribute(
      'href',
      '/patientreceipt',
    );
    const sent = JSON.parse(api.called('POST', '/api/receipts')[0]?.init.body as string) as PurchaseBody;
    expect(sent).toMatchObject({
      inventoryId: 3,
      pointsBankId: 5,
      amountTotal: 10,
      amountBefore: 0,
      amountAfter: 0,
    });
    expect(sent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText('2 points')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText(MSG.purchaseComplete, { exact: false })).not.toBeInTheDocument();
  });

  it("says 'Error completing purchase.' with the server's reason, or alone when it gave none", async () => {
    let answer = () => jsonResponse({ error: 'conflict', message: MSG.notEnoughPoints }, 409);
    mockApi({
      'GET /api/inventory/all': () => jsonResponse([MASSAGE]),
      'GET /api/points-bank/7': () => jsonResponse(pointsBankFixture()),
      'POST /api/receipts': () => answer(),
    });
    signInAs('PATIENT', 7);
    render();
    const buy = await screen.findByRole('button', { name: 'Buy Massage Voucher' });
    await waitFor(() => expect(buy).toBeEnabled());
    const purchase = async () => {
      fireEvent.click(buy);
      await act(async () => {
        fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Buy' }));
      });
    };
    await purchase();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${MSG.errorCompletingPurchase} ${MSG.notEnoughPoints}`,
    );
    answer = () => new Response('', { status: 502 });
    await purchase();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${MSG.errorCompletingPurchase}$`)),
    );
  });
});
