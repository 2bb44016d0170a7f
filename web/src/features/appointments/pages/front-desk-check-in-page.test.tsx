import type { Appointment, LatestStatusChange } from '@clinic/contract/appointments';
import type { AppointmentStatus } from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentFixture } from '../../../test/appointment-fixtures';
import { officeFixture } from '../../../test/directory-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { FrontDeskCheckInPage } from './front-desk-check-in-page';

const office = (officeId: number, officeName: string, timeZone: string) =>
  officeFixture({ officeId, officeName, timeZone });
const OFFICES = [
  office(1, 'Denver Highlands', 'America/Denver'),
  office(2, 'Austin South Congress', 'America/Chicago'),
];

function appointment(
  id: number,
  patientName: string,
  conformation: AppointmentStatus,
  time: string,
): Appointment {
  return appointmentFixture({
    appoinmentId: id,
    officeId: 2,
    doctorId: 2,
    patientId: id,
    appointmentTime: time,
    conformation,
    startsAt: '2030-01-08T16:00:00.000Z',
    timeZone: 'America/Chicago',
    patientName,
    doctorName: 'Daniel Okafor',
    officeName: 'Austin South Congress',
  });
}

function mockDeskServer() {
  const day = [
    appointment(1, 'James Nguyen', 'Scheduled', '09:00'),
    appointment(2, 'Aisha Johnson', 'In Room', '09:30'),
    appointment(3, 'Sofia Ramirez', 'Canceled', '10:00'),
  ];
  const patches: { url: string; body: unknown }[] = [];
  // The live feed: each test pushes events into the open stream with live.send().
  let push: ((text: string) => void) | undefined;
  const live = {
    opened: 0,
    send: (event: string) => push?.(`event: ${event}\ndata: {"officeId":2}\n\n`),
  };
  const latest: LatestStatusChange[] = [
    {
      appointmentId: 2,
      fromStatus: 'Walked In',
      toStatus: 'In Room',
      at: '2030-01-08T15:14:00.000Z',
      by: 'frontdesk',
      undo: false,
    },
  ];
  const fetchMock = mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/appointments/live') {
      live.opened++;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
          push('retry: 3000\nevent: ready\ndata: {}\n\n');
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (pathname === '/api/appointments/latest-status-changes') return jsonResponse(latest);
    if (pathname === '/api/appointments/2/status-history') {
      return jsonResponse([
        { fromStatus: 'Scheduled', toStatus: 'Walked In', at: '2030-01-08T15:02:00.000Z', by: 'frontdesk' },
        latest[0],
      ]);
    }
    if (pathname === '/api/office/all') return jsonResponse(OFFICES);
    if (pathname === '/api/doctorinfo/17') return jsonResponse({ doctorId: 17, officeId: 2 });
    if (pathname === '/api/doctorinfo/1') return jsonResponse({ doctorId: 1, officeId: 1 });
    if (pathname === '/api/appointments/by-office-and-date') {
      return jsonResponse(searchParams.get('officeId') === '2' ? day : []);
    }
    const undone = /^\/api\/appointments\/(\d+)\/undo-status$/.exec(pathname)?.[1];
    if (undone) {
      const body = JSON.parse(String(init.body)) as { conformation: AppointmentStatus };
      patches.push({ url: pathname, body });
      const index = day.findIndex((a) => a.appoinmentId === Number(undone));
      day[index] = { ...day[index]!, conformation: 'Walked In' };
      return jsonResponse(day[index]);
    }
    if (pathname.startsWith('/api/appointments/update-conformation/')) {
      const body = JSON.parse(String(init.body)) as { conformation: AppointmentStatus };
      patches.push({ url: pathname, body });
      const id = Number(pathname.split('/').pop());
      const index = day.findIndex((a) => a.appoinmentId === id);
      day[index] = { ...day[index]!, conformation: body.conformation };
      return jsonResponse(day[index]);
    }
    return jsonResponse({ error: 'not_found', message: 'unexpected' }, 404);
  });
  return { fetchMock, patches, live, day };
}

function signIn(role: string, doctorId: string) {
  window.localStorage.setItem('jwt', 'token');
  window.localStorage.setItem('role', role);
  window.localStorage.setItem('doctorId', doctorId);
}

function renderPage() {
  return renderWithRouter(
    [{ path: '/frontdeskcheckin', element: <FrontDeskCheckInPage /> }],
    '/frontdeskcheckin',
  );
}

/** 10:30 am in Austin on the visits' day (Jan 8, 2030): their day, and their 10:00 start has come. */
const ON_THE_DAY = new Date('2030-01-08T16:30:00.000Z');

describe('Front desk check-in', () => {
  // Only Date is faked: the board's offers depend on the day, its timers and fetches run as usual.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: ON_THE_DAY }));
  afterEach(() => vi.useRealTimers());

  it("opens at the staff member's office and offers only each card's legal next steps", async () => {
    mockDeskServer();
    signIn('FRONTDESK', '17');
    renderPage();
    const james = await screen.findByRole('article', { name: 'James Nguyen' });
    expect(screen.getByLabelText('Office')).toHaveValue('2');
    expect(within(screen.getByLabelText('Office')).getAllByRole('option')).toHaveLength(2);
    const buttons = (card: HTMLElement) =>
      within(card)
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons(james)).toEqual(['Walk In', 'Cancel', 'No Show', 'History']);
    expect(buttons(screen.getByRole('article', { name: 'Aisha Johnson' }))).toEqual([
      'Complete',
      'Undo In Room',
      'History',
    ]);
    expect(buttons(screen.getByRole('article', { name: 'Sofia Ramirez' }))).toEqual(['History']);
    expect(within(james).getByText('9:00 am')).toBeInTheDocument();
    expect(within(james).getByText('Daniel Okafor')).toBeInTheDocument();
  });

  it('offers a visit of another day nothing but Cancel, and nothing to undo (issue 28)', async () => {
    vi.setSystemTime(new Date('2030-01-04T16:30:00.000Z'));
    mockDeskServer();
    signIn('FRONTDESK', '17');
    renderPage();
    const buttons = async (name: string) =>
      within(await screen.findByRole('article', { name }))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(await buttons('James Nguyen')).toEqual(['Cancel', 'History']);
    expect(await buttons('Aisha Johnson')).toEqual(['History']);
  });

  it('offers No Show only from the visit’s start', async () => {
    vi.setSystemTime(new Date('2030-01-08T15:59:00.000Z'));
    mockDeskServer();
    signIn('FRONTDESK', '17');
    renderPage();
    const james = await screen.findByRole('article', { name: 'James Nguyen' });
    expect(within(james).queryByRole('button', { name: 'No Show' })).toBeNull();
    expect(within(james).getByRole('button', { name: 'Walk In' })).toBeInTheDocument();
  });

  it('undoes a status the same day and says so; a doctor is offered no undo', async () => {
    const { patches } = mockDeskServer();
    signIn('FRONTDESK', '17');
    const { unmount } = renderPage();
    const aisha = await screen.findByRole('article', { name: 'Aisha Johnson' });
    fireEvent.click(within(aisha).getByRole('button', { name: 'Undo In Room' }));
    expect(await screen.findByText(msg.statusUndone('In Room', 'Walked In'))).toBeInTheDocument();
    expect(patches).toEqual([{ url: '/api/appointments/2/undo-status', body: { conformation: 'In Room' } }]);
    unmount();

    window.localStorage.clear();
    mockDeskServer();
    signIn('DOCTOR', '17');
    renderPage();
    const card = await screen.findByRole('article', { name: 'Aisha Johnson' });
    expect(within(card).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('shows who changed a status last and when, and the whole history on request', async () => {
    mockDeskServer();
    signIn('FRONTDESK', '17');
    renderPage();
    const aisha = await screen.findByRole('article', { name: 'Aisha Johnson' });
    // 15:14 UTC is 9:14 am in Austin (UTC-6 in January).
    expect(await within(aisha).findByText(/In Room at/)).toHaveTextContent('In Room at 9:14 am by frontdesk');
    const toggle = within(aisha).getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(within(aisha).getByRole('button', { name: 'Hide history' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const history = await within(aisha).findByRole('region', { name: 'Status history' });
    expect(await within(history).findAllByRole('listitem')).toHaveLength(2);
    expect(history).toHaveTextContent('Walked In (from Scheduled) · Jan 8, 9:02 am · by frontdesk');
  });

  it('reads the day again when the live feed says it changed, and says the board is live', async () => {
    const { live, day } = mockDeskServer();
    signIn('FRONTDESK', '17');
    renderPage();
    await screen.findByRole('article', { name: 'James Nguyen' });
    expect(await screen.findByText('Changes from other desks appear as they happen.')).toBeInTheDocument();
    expect(live.opened).toBe(1);
    day.push(appointment(4, 'Liam Carter', 'Scheduled', '11:00'));
    live.send('change');
    expect(await screen.findByRole('article', { name: 'Liam Carter' })).toBeInTheDocument();
  });

  it('asks before Cancel, then updates and says so', async () => {
    const { patches } = mockDeskServer();
    signIn('FRONTDESK', '17');
    renderPage();
    const james = await screen.findByRole('article', { name: 'James Nguyen' });
    fireEvent.click(within(james).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(dialog).toHaveTextContent(MSG.confirmCancel);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep appointment' }));
    expect(patches).toEqual([]);

    fireEvent.click(within(james).getByRole('button', { name: 'No Show' }));
    const noShow = await screen.findByRole('dialog', { name: 'Mark as No Show' });
    expect(noShow).toHaveTextContent(MSG.confirmNoShow);
    fireEvent.click(within(noShow).getByRole('button', { name: 'Mark as No Show' }));
    expect(await screen.findByText(msg.statusUpdated('No Show'))).toBeInTheDocument();
    expect(patches).toEqual([
      { url: '/api/appointments/update-conformation/1', body: { conformation: 'No Show' } },
    ]);
  });

  it('moves without a question for the forward steps', async () => {
    const { patches } = mockDeskServer();
    signIn('MANAGER', '9');
    renderPage();
    // The manager's own record is unknown here: the list starts at the first office.
    await waitFor(() => expect(screen.getByLabelText('Office')).toHaveValue('1'));
    fireEvent.change(screen.getByLabelText('Office'), { target: { value: '2' } });
    const aisha = await screen.findByRole('article', { name: 'Aisha Johnson' });
    fireEvent.click(within(aisha).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText(msg.statusUpdated('Completed'))).toBeInTheDocument();
    expect(patches[0]?.body).toEqual({ conformation: 'Completed' });
  });

  it("gives a doctor only their own record's office", async () => {
    mockDeskServer();
    signIn('DOCTOR', '1');
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Office')).toHaveValue('1'));
    expect(
      within(screen.getByLabelText('Office'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Denver Highlands']);
    expect(await screen.findByText(/No appointments at this office/)).toBeInTheDocument();
  });

  it('refuses a patient', async () => {
    mockDeskServer();
    signIn('PATIENT', '');
    renderPage();
    expect(await screen.findByText(MSG.accessDenied)).toBeInTheDocument();
  });
});
