import type { OutboxMessage } from '@clinic/contract/messages-outbox';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { MessagesPage } from './messages-page';

function message(id: number, patientId: number, patientName: string, overrides: Partial<OutboxMessage> = {}) {
  return {
    id,
    kind: 'appointment.confirmation',
    channel: 'email',
    status: 'sent',
    detail: null,
    patientId,
    patientName,
    appointmentId: 100 + id,
    timeZone: 'America/Chicago',
    dueAt: '2030-01-08T15:00:00.000Z',
    finishedAt: '2030-01-08T15:00:05.000Z',
    attempts: 1,
    ...overrides,
  } satisfies OutboxMessage;
}

const ALL: OutboxMessage[] = [
  message(4, 8, 'James Nguyen', {
    kind: 'authorization.low-visits',
    channel: 'front-desk',
    appointmentId: null,
  }),
  message(3, 7, 'Emily Carter', {
    kind: 'appointment.reminder',
    status: 'scheduled',
    finishedAt: null,
    attempts: 0,
  }),
  message(2, 8, 'James Nguyen', {
    status: 'suppressed',
    detail: 'The patient has not allowed appointment e-mails.',
  }),
  message(1, 7, 'Emily Carter'),
];

function mockServer() {
  const asked: URLSearchParams[] = [];
  mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/messages') {
      asked.push(searchParams);
      const status = searchParams.get('status');
      const patientId = searchParams.get('patientId');
      return jsonResponse(
        ALL.filter(
          (m) => (!status || m.status === status) && (!patientId || String(m.patientId) === patientId),
        ),
      );
    }
    return jsonResponse({ error: 'not_found', message: 'unexpected' }, 404);
  });
  return asked;
}

function signIn(role: string) {
  window.localStorage.setItem('jwt', 'token');
  window.localStorage.setItem('role', role);
}

const renderPage = (path = '/messages') =>
  renderWithRouter([{ path: '/messages', element: <MessagesPage /> }], path);

describe('Messages', () => {
  it('lists each message with its patient, kind, status and why it was not sent', async () => {
    mockServer();
    signIn('MANAGER');
    renderPage();
    const rows = await screen.findAllByRole('row');
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        expect.any(String),
        'James Nguyen: show only their messages',
        'Authorization: few visits left · Front desk e-mail',
        'Sent',
        '',
      ],
      [
        expect.any(String),
        'Emily Carter: show only their messages',
        'Visit reminder · E-mail',
        'Scheduled',
        '',
      ],
      [
        expect.any(String),
        'James Nguyen: show only their messages',
        'Booking confirmation · E-mail',
        'Not sent (consent)',
        'The patient has not allowed appointment e-mails.',
      ],
      [
        expect.any(String),
        'Emily Carter: show only their messages',
        'Booking confirmation · E-mail',
        'Sent',
        '',
      ],
    ]);
  });

  it("narrows to a status, and to one patient's messages", async () => {
    const asked = mockServer();
    signIn('ADMIN');
    renderPage();
    await screen.findAllByRole('row');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suppressed' } });
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('suppressed'));
    expect(await screen.findByText('Not sent (consent)', { selector: 'span' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.click((await screen.findAllByRole('button', { name: /^Emily Carter/ }))[0]!);
    await waitFor(() => expect(asked.at(-1)?.get('patientId')).toBe('7'));
    expect(await screen.findByText(/Messages to/)).toHaveTextContent('Messages to Emily Carter');
    fireEvent.click(screen.getByRole('button', { name: 'Show every patient' }));
    await waitFor(() => expect(screen.queryByText(/Messages to/)).toBeNull());
    expect(await screen.findAllByRole('button', { name: /^James Nguyen/ })).toHaveLength(2);
  });

  it('asks for the messages due today, and pages on with the cursor the answer links to (issue 28)', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch((url) => {
      const { searchParams } = new URL(url, 'http://localhost');
      asked.push(searchParams);
      if (searchParams.get('cursor') === 'page-2') return jsonResponse([ALL[3]]);
      return new Response(JSON.stringify(ALL.slice(0, 3)), {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          Link: '</api/messages?due=today&limit=3&cursor=page-2>; rel="next"',
        },
      });
    });
    signIn('MANAGER');
    renderPage('/messages?due=today');
    expect(screen.getByLabelText('Due')).toHaveValue('today');
    await screen.findAllByRole('row');
    expect(asked[0]?.get('due')).toBe('today');
    fireEvent.click(screen.getByRole('button', { name: 'Show more messages' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    expect(asked[1]?.get('cursor')).toBe('page-2');
    expect(asked[1]?.get('due')).toBe('today');

    fireEvent.change(screen.getByLabelText('Due'), { target: { value: 'next-24h' } });
    await waitFor(() => expect(asked.at(-1)?.get('due')).toBe('next-24h'));
  });

  it('is refused to the front desk', () => {
    mockServer();
    signIn('FRONTDESK');
    renderPage();
    expect(screen.getByText(/for managers and administrators/)).toBeInTheDocument();
  });
});
