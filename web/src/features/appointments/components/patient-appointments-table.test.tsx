import type { Appointment } from '@clinic/contract/appointments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appointmentFixture } from '../../../test/appointment-fixtures';
import { officeFixture } from '../../../test/directory-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { PatientAppointmentsTable } from './patient-appointments-table';

const FAR = appointmentFixture({ appoinmentId: 1 });
const SOON = appointmentFixture({
  appoinmentId: 2,
  appointmentDate: '2030-01-09',
  startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
});
const DONE = appointmentFixture({ appoinmentId: 3, conformation: 'Canceled', appointmentDate: '2030-01-10' });

function mockServer(visits: Appointment[] = [FAR, SOON, DONE]) {
  const canceled: string[] = [];
  const fetchMock = mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/appointments/all') return jsonResponse(visits);
    if (pathname === '/api/appointments/change-policy') return jsonResponse({ cutoffHours: 24 });
    if (pathname === '/api/office/all') {
      return jsonResponse([officeFixture({ officeId: 1, phoneNumber: '(303) 555-0110' })]);
    }
    if (pathname === '/api/appointments/1/cancel' && init.method === 'POST') {
      canceled.push(pathname);
      return jsonResponse({ ...FAR, conformation: 'Canceled' });
    }
    return jsonResponse({ error: 'not_found', message: `unexpected ${pathname}` }, 404);
  });
  return { fetchMock, canceled };
}

function renderTable(role: 'PATIENT' | 'FRONTDESK') {
  return renderWithRouter(
    [{ path: '/', element: <PatientAppointmentsTable patientId={1} role={role} /> }],
    '/',
  );
}

describe("a patient's own visits", () => {
  it('offers Move and Cancel outside the cut-off, the office phone inside it, nothing on a canceled visit', async () => {
    mockServer();
    renderTable('PATIENT');
    expect(
      await screen.findByRole('button', { name: 'Cancel the visit of Tuesday, January 8 at 10:00 am' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Move the visit of Tuesday, January 8 at 10:00 am' }),
    ).toBeTruthy();
    const soonRow = screen.getAllByRole('row')[1]!; // upcoming first: the visit in two hours
    expect(within(soonRow).queryByRole('button', { name: /^(Move|Cancel) the visit/ })).toBeNull();
    expect(within(soonRow).getByText(/up to 24 hours before they start/)).toBeTruthy();
    expect(within(soonRow).getByRole('link', { name: 'call (303) 555-0110' }).getAttribute('href')).toBe(
      'tel:+13035550110',
    );
    expect(screen.getAllByRole('button', { name: /^Cancel the visit/ })).toHaveLength(1);
  });

  it('cancels only after the patient confirms, and says so', async () => {
    const { canceled } = mockServer();
    renderTable('PATIENT');
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel the visit of Tuesday, January 8/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this visit?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep visit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(canceled).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /^Cancel the visit of Tuesday, January 8/ }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this visit?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));
    expect(
      await screen.findByText(
        'Your visit on Tuesday, January 8 at 10:00 am is canceled. The time is free for others now.',
      ),
    ).toBeTruthy();
    expect(canceled).toEqual(['/api/appointments/1/cancel']);
  });

  it('staff do not get the patient’s own Cancel and Move', async () => {
    const { fetchMock } = mockServer();
    renderTable('FRONTDESK');
    await screen.findAllByRole('row');
    expect(screen.queryByRole('button', { name: /^(Move|Cancel) the visit/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('change-policy'))).toBe(false);
  });
});
