import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render-with-router';
import { appRoutes } from '../router';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

/** The visible top-level entries of the main navigation: links, menu triggers and buttons. */
function topLevelEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const list = nav.querySelector('ul')!;
  return Array.from(list.children).map((item) => item.querySelector('a, button')?.textContent ?? '');
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
  it('shows a signed-out visitor only built pages: Home and the Login menu', async () => {
    await renderApp();
    expect(topLevelEntries()).toEqual(['Home', 'Login']);
    // Register (Patient) waits for /register/patient; Office, Staff and the rest wait for their pages.
    expect(mainNav().queryByRole('link', { name: 'Office' })).toBeNull();
    expect(mainNav().queryByRole('button', { name: 'Register' })).toBeNull();

    fireEvent.click(mainNav().getByRole('button', { name: 'Login' }), { detail: 1 });
    expect(
      mainNav()
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual(['/login/patient', '/login/doctor']);
  });

  it('hides an admin’s menus whose pages are not built yet', async () => {
    signInAs('ADMIN');
    await renderApp();
    expect(topLevelEntries()).toEqual(['Home', 'Logout']);
    for (const name of ['Creator', 'Register', 'Login']) {
      expect(mainNav().queryByRole('button', { name })).toBeNull();
    }
    for (const name of ['All Patients', 'Check-In', 'View Ratings', 'Dashboard', 'Rewards']) {
      expect(mainNav().queryByRole('link', { name })).toBeNull();
    }
  });

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
    expect(topLevelEntries()).toEqual(['Home', 'Login']);
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
