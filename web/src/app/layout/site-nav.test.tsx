import type { Role } from '@clinic/contract/roles';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isImplementedPath } from '../../lib/page-paths';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render-with-router';
import { appRoutes } from '../router';
import { navigationFor, visibleNavigation } from './navigation';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

/** The visible top-level entries of the main navigation: links, menu triggers and buttons. */
function topLevelEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const list = nav.querySelector('ul')!;
  return Array.from(list.children).map((item) => item.querySelector('a, button')?.textContent ?? '');
}

/** The top-level labels the model gives a role once narrowed to built pages (content menus render none here). */
function expectedTopLevel(role: Role | null): string[] {
  return visibleNavigation(navigationFor(role), (path) => isImplementedPath(path)).flatMap((item) =>
    item.kind === 'content-menus' ? [] : [item.label],
  );
}

async function renderApp(path = '/') {
  const view = renderWithRouter(appRoutes, path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

function signInAs(role: string) {
  localStorage.setItem('jwt', 'token-123');
  localStorage.setItem('role', role);
  localStorage.setItem('username', 'jane');
}

describe('the rendered navigation', () => {
  it('shows a signed-out visitor exactly the built pages of the signed-out menu', async () => {
    await renderApp();
    expect(topLevelEntries()).toEqual(expectedTopLevel(null));
    expect(mainNav().queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(mainNav().queryByRole('button', { name: 'Creator' })).toBeNull();

    fireEvent.click(mainNav().getByRole('button', { name: 'Login' }), { detail: 1 });
    expect(
      mainNav()
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual(['/login/patient', '/login/doctor']);
  });

  it.each(['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR', 'PATIENT'] as const)(
    'shows %s exactly its menu, narrowed to built pages',
    async (role) => {
      signInAs(role);
      await renderApp();
      expect(topLevelEntries()).toEqual(expectedTopLevel(role));
      expect(mainNav().queryByRole('button', { name: 'Login' })).toBeNull();
    },
  );

  it('marks the current page', async () => {
    await renderApp('/');
    expect(mainNav().getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('logs out: calls the server, clears storage and goes to the patient login', async () => {
    signInAs('PATIENT');
    localStorage.setItem('patientId', '7');
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    const { router } = await renderApp();

    await act(async () => {
      fireEvent.click(mainNav().getByRole('button', { name: 'Logout' }));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/patient'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Login' })).toBeTruthy();
    expect(localStorage.length).toBe(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(topLevelEntries()).toEqual(expectedTopLevel(null));
  });

  it('gives the new page focus after a choice in a menu (a menu closed by the choice keeps none)', async () => {
    mockFetch(() => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const { router } = await renderApp('/');
    fireEvent.click(mainNav().getByRole('button', { name: 'Login' }), { detail: 1 });
    const item = mainNav().getByRole('menuitem', { name: 'Patient Login' });
    item.focus();
    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/patient'));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('collapses behind an accessible menu button', async () => {
    await renderApp();
    const toggle = mainNav().getByRole('button', { name: 'Menu' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.dataset.expanded).toBe('true');
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
