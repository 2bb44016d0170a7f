import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summaryProblems } from '../../../test/error-summary';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { CreateAccountPage } from './create-account-page';

const ACCOUNTS = [
  {
    id: 1,
    username: 'admin',
    role: 'ADMIN',
    doctorId: null,
    patientId: null,
    createdAt: '2025-06-01T10:00:00Z',
  },
  {
    id: 3,
    username: 'frontdesk',
    role: 'FRONTDESK',
    doctorId: null,
    patientId: null,
    createdAt: '2025-06-01T10:00:00Z',
  },
];

function signInAs(role: string) {
  localStorage.setItem('jwt', 'jwt-admin');
  localStorage.setItem('role', role);
  localStorage.setItem('username', role === 'ADMIN' ? 'admin' : 'someone');
}

function renderPage() {
  return renderWithRouter([{ path: '/register/admin', element: <CreateAccountPage /> }], '/register/admin');
}

type Call = [string, RequestInit];

describe('/register/admin', () => {
  it('non-admins see an access-denied message and nothing is fetched', () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    signInAs('MANAGER');
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create Account');
    expect(screen.getByRole('alert').textContent).toContain(MSG.accessDenied);
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("creates an account: the select shows 'FRONT DESK' and sends FRONTDESK; the list reloads", async () => {
    signInAs('ADMIN');
    let listed = ACCOUNTS;
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/auth/accounts')) return jsonResponse(listed);
      if (url.endsWith('/auth/register') && init.method === 'POST') {
        const created = {
          id: 9,
          username: 'desk2',
          role: 'FRONTDESK',
          doctorId: null,
          patientId: null,
          createdAt: '2025-06-02T10:00:00Z',
        };
        listed = [...ACCOUNTS, created];
        return jsonResponse(created, 201);
      }
      return jsonResponse({}, 404);
    });
    renderPage();
    expect(await screen.findByRole('rowheader', { name: /admin/ })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'FRONT DESK' })).toBeTruthy();

    const roleSelect = screen.getByLabelText(/^Role/) as HTMLSelectElement;
    expect(
      within(roleSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a role…', 'ADMIN', 'MANAGER', 'FRONT DESK', 'DOCTOR']);
    fireEvent.input(screen.getByLabelText(/^Username/), { target: { value: ' desk2 ' } });
    fireEvent.input(screen.getByLabelText(/^Password/), { target: { value: 'desk-pass-1' } });
    fireEvent.change(roleSelect, { target: { value: 'FRONTDESK' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    });
    expect(await screen.findByText('Account "desk2" created.')).toBeTruthy();
    const register = (fetchMock.mock.calls as Call[]).find(([url]) => url.endsWith('/auth/register'));
    expect(JSON.parse(register?.[1].body as string)).toEqual({
      username: 'desk2',
      password: 'desk-pass-1',
      role: 'FRONTDESK',
    });
    expect(await screen.findByRole('rowheader', { name: 'desk2' })).toBeTruthy();
  });

  it('shows the server refusal when the last admin would be demoted', async () => {
    signInAs('ADMIN');
    mockFetch((url) => {
      if (url.endsWith('/auth/accounts')) return jsonResponse(ACCOUNTS);
      if (url.endsWith('/auth/edit'))
        return jsonResponse(
          { error: 'conflict', message: 'The last ADMIN account cannot lose its role.' },
          409,
        );
      return jsonResponse({}, 404);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit admin' });
    fireEvent.change(within(dialog).getByLabelText(/New role/), { target: { value: 'MANAGER' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(summaryProblems(await within(dialog).findByRole('alert'))).toEqual([
      'The last ADMIN account cannot lose its role.',
    ]);
  });

  it('edits a password and deletes an account after confirmation', async () => {
    signInAs('ADMIN');
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/auth/accounts')) return jsonResponse(ACCOUNTS);
      if (url.endsWith('/auth/edit')) return jsonResponse({ username: 'frontdesk', role: 'FRONTDESK' });
      if (url.endsWith('/auth/delete/frontdesk') && init.method === 'DELETE')
        return new Response(null, { status: 204 });
      return jsonResponse({}, 404);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit frontdesk' }));
    const edit = screen.getByRole('dialog', { name: 'Edit frontdesk' });
    fireEvent.input(within(edit).getByLabelText(/New password/), { target: { value: 'fresh-pass-22' } });
    await act(async () => {
      fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Account "frontdesk" updated.')).toBeTruthy();
    const editCall = (fetchMock.mock.calls as Call[]).find(([url]) => url.endsWith('/auth/edit'));
    expect(JSON.parse(editCall?.[1].body as string)).toEqual({
      username: 'frontdesk',
      newPassword: 'fresh-pass-22',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete frontdesk' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete account?' });
    expect(within(confirm).getByText('frontdesk')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Account "frontdesk" deleted.')).toBeTruthy();
  });
});
