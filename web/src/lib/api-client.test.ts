import { describe, expect, it } from 'vitest';
import { headersOf, mockFetch } from '../test/fetch-mock';
import { ApiError, apiRequest, prefixedMessage } from './api-client';

function respond(body: string, init: { status?: number; contentType?: string } = {}) {
  const headers = init.contentType ? { 'Content-Type': init.contentType } : undefined;
  return mockFetch(() => new Response(body, { status: init.status ?? 200, headers }));
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('sends JSON to /api with the stored bearer token and parses the JSON answer', async () => {
    localStorage.setItem('jwt', 'abc');
    const fetchMock = respond('{"ok":true}', { contentType: 'application/json' });
    const answer = await apiRequest<{ ok: boolean }>('/office/add', {
      method: 'POST',
      body: { officeName: 'North' },
    });
    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/office/add');
    const headers = headersOf(init);
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"officeName":"North"}');
  });

  it('sends no Authorization header without a token, or when told not to', async () => {
    const fetchMock = respond('plain text', { contentType: 'text/plain' });
    expect(await apiRequest('/office/1/name')).toBe('plain text');
    localStorage.setItem('jwt', 'abc');
    await apiRequest('/doctor/search/all', { token: null, query: { query: 'lee', empty: undefined } });
    const [first, second] = fetchMock.mock.calls;
    expect(headersOf(first?.[1]).Authorization).toBeUndefined();
    expect(second?.[0]).toBe('/api/doctor/search/all?query=lee');
    expect(headersOf(second?.[1]).Authorization).toBeUndefined();
  });

  it("throws ApiError with the server's code and message", async () => {
    respond('{"error":"not_found","message":"Office 9 does not exist"}', {
      status: 404,
      contentType: 'application/json',
    });
    const error = await caught(apiRequest('/office/9'));
    expect([error.status, error.code, error.message]).toEqual([404, 'not_found', 'Office 9 does not exist']);
  });

  it('falls back to the response text, then to HTTP {status}', async () => {
    respond('Gateway timed out', { status: 504, contentType: 'text/plain' });
    expect((await caught(apiRequest('/x'))).message).toBe('Gateway timed out');
    respond('', { status: 502 });
    expect((await caught(apiRequest('/x'))).message).toBe('HTTP 502');
  });
});

describe('prefixedMessage', () => {
  it("builds the spec's prefixed messages from the server text", () => {
    expect(prefixedMessage('login', new ApiError(401, 'invalid_credentials', 'Bad password'))).toBe(
      'Login failed: Bad password',
    );
    expect(prefixedMessage('fetchOffices', new ApiError(500, null, 'HTTP 500'))).toBe(
      'Failed to fetch offices: HTTP 500',
    );
  });
});
