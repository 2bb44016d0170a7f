import type { InventoryItem } from '@clinic/contract/inventory';
import type { PointsBank } from '@clinic/contract/points';
import type { Receipt } from '@clinic/contract/receipts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';

/** Records as the server sends them, typed by the contract; each factory takes the fields a test cares about. */

export function inventoryItemFixture(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    inventory_id: 3,
    title: 'Massage Voucher',
    description: 'A 30-minute massage.',
    price: 10,
    picture: 'massage.png',
    startDate: '2000-01-01',
    endDate: '2999-12-31',
    ...overrides,
  };
}

export function pointsBankFixture(overrides: Partial<PointsBank> = {}): PointsBank {
  return { pointsBankId: 5, patientId: 7, totalPoints: 12, ...overrides };
}

export function receiptFixture(overrides: Partial<Receipt> = {}): Receipt {
  return {
    receipt_id: 40,
    id: 40,
    name: 'Massage Voucher',
    vouched: false,
    pointsBankId: 5,
    inventoryId: 3,
    amountTotal: 10,
    amountBefore: 12,
    amountAfter: 2,
    date: '2026-11-20',
    ...overrides,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  init: RequestInit;
}

/**
 * Replaces fetch with a fake API: `routes` answer by "METHOD /api/path" (the query aside); anything else
 * is a 404 that names the call. Every call is recorded, in order.
 */
export function mockApi(routes: Record<string, (call: ApiCall) => Response | Promise<Response>>) {
  const calls: ApiCall[] = [];
  const handler = (url: string, init: RequestInit) => {
    const parsed = new URL(url, 'http://localhost');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      init,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (route) return route(call);
    return jsonResponse({ error: 'not_found', message: `unexpected ${call.method} ${call.path}` }, 404);
  };
  mockFetch(handler);
  const called = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, called };
}
