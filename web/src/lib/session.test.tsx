import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headersOf, mockFetch } from '../test/fetch-mock';
import { logout, useSession } from './session';
import { markSignedIn, notifyUserUpdated, storeLogin } from './session-storage';

describe('useSession', () => {
  it('is null while no jwt is stored', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
  });

  it("refreshes on 'user-updated'", () => {
    const { result } = renderHook(() => useSession());
    localStorage.setItem('jwt', 't1');
    localStorage.setItem('role', 'FRONT DESK');
    localStorage.setItem('username', 'kim');
    act(() => notifyUserUpdated());
    expect(result.current).toMatchObject({ token: 't1', role: 'FRONTDESK', username: 'kim' });

    localStorage.clear();
    act(() => notifyUserUpdated());
    expect(result.current).toBeNull();
  });

  it("refreshes on 'storage' events from other tabs", () => {
    const { result } = renderHook(() => useSession());
    localStorage.setItem('jwt', 't2');
    localStorage.setItem('role', 'PATIENT');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', newValue: 't2' }));
    });
    expect(result.current?.role).toBe('PATIENT');
  });

  it('keeps the same object while nothing changed', () => {
    localStorage.setItem('jwt', 't3');
    const { result, rerender } = renderHook(() => useSession());
    const first = result.current;
    rerender();
    act(() => notifyUserUpdated());
    expect(result.current).toBe(first);
  });
});

describe('logout', () => {
  it('clears all local storage, tells the app and calls /api/auth/logout with the token', async () => {
    localStorage.setItem('jwt', 'tok');
    localStorage.setItem('role', 'ADMIN');
    localStorage.setItem('somethingElse', 'x');
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    const { result } = renderHook(() => useSession());
    expect(result.current).not.toBeNull();

    await act(() => logout());

    expect(localStorage.length).toBe(0);
    expect(result.current).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(headersOf(init).Authorization).toBe('Bearer tok');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    localStorage.setItem('jwt', 'tok');
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(logout()).resolves.toBeUndefined();
    await waitFor(() => expect(localStorage.getItem('jwt')).toBeNull());
  });
});

// The server sends a signed-in browser the app's shell instead of a page prerendered for visitors
// (docs/decisions/0050): the flag follows the session.
describe('the signed-in flag for the server', () => {
  const flag = () => document.cookie.split('; ').find((c) => c.startsWith('signed_in='));

  it('is set by a login and cleared by logout', async () => {
    storeLogin({ token: 'tok', username: 'emily', role: 'PATIENT', patientId: 7 });
    expect(flag()).toBe('signed_in=1');
    mockFetch(() => new Response(null, { status: 204 }));
    await logout();
    expect(flag()).toBeUndefined();
  });

  it('follows what is stored when set again', () => {
    markSignedIn(true);
    expect(flag()).toBe('signed_in=1');
    markSignedIn(false);
    expect(flag()).toBeUndefined();
  });
});
