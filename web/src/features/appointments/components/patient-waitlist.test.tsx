import { WAITLIST_MESSAGES, type WaitlistEntry } from '@clinic/contract/waitlist';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { PatientWaitlist } from './patient-waitlist';

function entry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: 1,
    patientId: 1,
    officeId: 3,
    officeName: 'Summit PT Portland Pearl District',
    doctorId: null,
    doctorName: null,
    date: '2030-01-08',
    typeVisit: 'eval',
    status: 'waiting',
    offeredTime: null,
    offerExpiresAt: null,
    appointmentId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderPanel(entries: WaitlistEntry[], path = '/') {
  const calls: string[] = [];
  mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/waitlist/mine') return jsonResponse(entries);
    calls.push(`${init.method} ${pathname}`);
    if (pathname === '/api/waitlist/2/accept') return jsonResponse({ appoinmentId: 9, message: 'ok' }, 201);
    if (pathname === '/api/waitlist/1') return jsonResponse({ ...entries[0], status: 'left' });
    return jsonResponse({ error: 'not_found', message: 'no' }, 404);
  });
  renderWithRouter(
    [
      {
        path: '/',
        element: <PatientWaitlist frame={(content) => <section aria-label="Waitlist">{content}</section>} />,
      },
    ],
    path,
  );
  return calls;
}

describe('the patient’s waitlist', () => {
  it('shows a time offered first, held until a time, and books it', async () => {
    const calls = renderPanel([
      entry(),
      entry({
        id: 2,
        date: '2030-01-09',
        status: 'offered',
        offeredTime: '09:30',
        offerExpiresAt: '2030-01-05T19:00:00.000Z',
        doctorName: 'Priya Raman',
        doctorId: 3,
      }),
    ]);
    const panel = await screen.findByRole('region', { name: 'Waitlist' });
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('A time opened up for you: Wednesday, January 9 at 9:30 am');
    expect(items[0]).toHaveTextContent('with Priya Raman');
    expect(items[0]).toHaveTextContent(/We hold it for you until \d{1,2}:\d{2}/);
    expect(items[1]).toHaveTextContent('Waiting for a time on Tuesday, January 8');
    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Book it/ }));
    expect(
      await screen.findByText('Booked: Wednesday, January 9 at 9:30 am. See it under Appointments.'),
    ).toBeTruthy();
    expect(calls).toEqual(['POST /api/waitlist/2/accept']);
  });

  it('lets the patient leave the waitlist of a day', async () => {
    const calls = renderPanel([entry()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist for Tuesday, January 8' }));
    expect(await screen.findByText('You left the waitlist for Tuesday, January 8.')).toBeTruthy();
    expect(calls).toEqual(['DELETE /api/waitlist/1']);
  });

  it('brings the offer that a message links to into view and focus (issue 28)', async () => {
    renderPanel(
      [
        entry(),
        entry({ id: 2, date: '2030-01-09', status: 'offered', offeredTime: '09:30', offerExpiresAt: null }),
      ],
      '/?offer=2',
    );
    const offer = (await screen.findByText(/A time opened up for you/)).closest('li');
    await waitFor(() => expect(offer).toHaveFocus());
    expect(screen.queryByText(WAITLIST_MESSAGES.offerGone)).toBeNull();
  });

  it('says so when the linked offer is no longer open', async () => {
    renderPanel([entry({ id: 2, status: 'expired', offeredTime: '09:30' })], '/?offer=2');
    expect(await screen.findByText(WAITLIST_MESSAGES.offerGone)).toBeTruthy();
  });
});
