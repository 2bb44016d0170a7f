import type { Appointment } from '@clinic/contract/appointments';
import type {
  AssignProviderBody,
  CalendarAppointment,
  CalendarResponse,
  MoveAppointmentBody,
} from '@clinic/contract/calendar';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentFixture } from '../../../test/appointment-fixtures';
import { officeFixture } from '../../../test/directory-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { CalendarPage } from './calendar-page';

const OFFICES = [
  officeFixture({ officeId: 1, officeName: 'Denver Highlands', timeZone: 'America/Denver' }),
  officeFixture({ officeId: 2, officeName: 'Austin South Congress', timeZone: 'America/Chicago' }),
];
/** A Tuesday far ahead, so no slot of it is past. */
const DAY = '2030-01-08';
const BUSY_MESSAGE = 'The doctor already has an appointment at that time.';
/** The 'Not Sure' placeholder's id: its visits have no provider yet. */
const NOT_SURE = 15;
const NAMES: Record<number, string> = { 2: 'Daniel Okafor', 3: 'Priya Raman' };

function visit(
  appointmentId: number,
  patientName: string,
  doctorId: number,
  time: string,
  status: CalendarAppointment['status'] = 'Scheduled',
): CalendarAppointment {
  return {
    appointmentId,
    doctorId,
    patientId: appointmentId,
    patientName,
    date: DAY,
    time,
    status,
    typeVisitLabel: 'Evaluation',
  };
}

function mockCalendarServer(extra: CalendarAppointment[] = []) {
  const visits = [
    visit(1, 'James Nguyen', 2, '09:00'),
    visit(2, 'Aisha Johnson', 3, '10:00', 'Completed'),
    visit(3, 'Sofia Ramirez', 3, '11:00'),
    ...extra,
  ];
  const moves: { id: number; body: MoveAppointmentBody }[] = [];
  const assigns: { id: number; body: AssignProviderBody }[] = [];
  const calendarCalls: URLSearchParams[] = [];
  mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/office/all') return jsonResponse(OFFICES);
    if (pathname === '/api/doctorinfo/17') return jsonResponse({ doctorId: 17, officeId: 2 });
    if (pathname === '/api/doctorinfo/3') return jsonResponse({ doctorId: 3, officeId: 2 });
    if (pathname === '/api/appointments/calendar') {
      calendarCalls.push(searchParams);
      const from = searchParams.get('from') ?? DAY;
      const to = searchParams.get('to') ?? DAY;
      const days = [];
      for (
        let d = new Date(`${from}T00:00:00Z`);
        d <= new Date(`${to}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + 1)
      ) {
        const date = d.toISOString().slice(0, 10);
        const sunday = d.getUTCDay() === 0;
        days.push({
          date,
          open: sunday ? null : '09:00',
          close: sunday ? null : '12:00',
          increments: sunday ? null : 1,
        });
      }
      const answer: CalendarResponse = {
        officeId: 2,
        officeName: 'Austin South Congress',
        timeZone: 'America/Chicago',
        from,
        to,
        days,
        providers: [
          { doctorId: 2, name: 'Daniel Okafor', specialty: 'Physical Therapy' },
          { doctorId: 3, name: 'Priya Raman', specialty: 'Massage Therapy' },
        ],
        unassignedDoctorId: NOT_SURE,
        appointments: visits.filter((v) => v.date >= from && v.date <= to),
        truncated: false,
      };
      return jsonResponse(answer);
    }
    const move = /^\/api\/appointments\/(\d+)\/move$/.exec(pathname);
    if (move && init.method === 'POST') {
      const id = Number(move[1]);
      const body = JSON.parse(String(init.body)) as MoveAppointmentBody;
      moves.push({ id, body });
      const index = visits.findIndex((v) => v.appointmentId === id);
      const target = visits.find(
        (v) => v.doctorId === body.doctorId && v.time === body.appointmentTime && v.appointmentId !== id,
      );
      if (target) return jsonResponse({ error: 'conflict', message: BUSY_MESSAGE }, 409);
      visits[index] = {
        ...visits[index]!,
        doctorId: body.doctorId,
        date: body.appointmentDate,
        time: body.appointmentTime,
      };
      const moved: Appointment = appointmentFixture({
        appoinmentId: id,
        doctorId: body.doctorId,
        appointmentDate: body.appointmentDate,
        appointmentTime: body.appointmentTime,
        doctorName: NAMES[body.doctorId] ?? 'Not Sure',
      });
      return jsonResponse(moved);
    }
    const assign = /^\/api\/appointments\/(\d+)\/assign$/.exec(pathname);
    if (assign && init.method === 'POST') {
      const id = Number(assign[1]);
      const body = JSON.parse(String(init.body)) as AssignProviderBody;
      assigns.push({ id, body });
      const index = visits.findIndex((v) => v.appointmentId === id);
      const current = visits[index]!;
      visits[index] = { ...current, doctorId: body.doctorId };
      return jsonResponse(
        appointmentFixture({
          appoinmentId: id,
          doctorId: body.doctorId,
          appointmentDate: current.date,
          appointmentTime: current.time,
          doctorName: NAMES[body.doctorId],
        }),
      );
    }
    return jsonResponse({ error: 'not_found', message: 'unexpected' }, 404);
  });
  return { moves, assigns, calendarCalls };
}

function signIn(role: string, doctorId: string) {
  window.localStorage.setItem('jwt', 'token');
  window.localStorage.setItem('role', role);
  window.localStorage.setItem('doctorId', doctorId);
}

function renderCalendar(path = `/calendar?officeId=2&date=${DAY}`) {
  return renderWithRouter([{ path: '/calendar', element: <CalendarPage /> }], path);
}

function chip(name: RegExp) {
  return screen.findByRole('button', { name });
}

function slotCell(container: HTMLElement, doctorId: number, time: string): HTMLElement {
  const cell = container.querySelector<HTMLElement>(`[data-slot="${DAY}|${doctorId}|${time}"]`);
  if (!cell) throw new Error(`no slot ${doctorId} ${time}`);
  return cell;
}

function dataTransfer() {
  return { setData: vi.fn(), getData: vi.fn(), effectAllowed: '', dropEffect: '' };
}

/** A phone's width: the page's media query for the list matches. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Calendar', () => {
  it('places each visit in its provider column at its office-local time, coloured by status', async () => {
    mockCalendarServer();
    signIn('FRONTDESK', '17');
    const { container } = renderCalendar();
    const james = await chip(/^James Nguyen ?, Tue, Jan 8 9:00 am, Scheduled, with Daniel Okafor/);
    expect(slotCell(container, 2, '09:00')).toContainElement(james);
    const aisha = screen.getByRole('button', { name: /^Aisha Johnson/ });
    expect(slotCell(container, 3, '10:00')).toContainElement(aisha);
    expect(aisha.className).not.toBe(james.className);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Time',
      'Daniel OkaforPhysical Therapy',
      'Priya RamanMassage Therapy',
    ]);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      '9:00 am',
      '9:30 am',
      '10:00 am',
      '10:30 am',
      '11:00 am',
      '11:30 am',
    ]);
  });

  it('links a free slot to the booking form with the office, provider, day and time chosen', async () => {
    mockCalendarServer();
    signIn('FRONTDESK', '17');
    renderCalendar();
    const book = await screen.findByRole('link', { name: 'Book 9:30 am on Tue, Jan 8 with Daniel Okafor' });
    expect(book).toHaveAttribute('href', `/appointments?officeId=2&date=${DAY}&doctorId=2&time=09%3A30`);
    // A slot with a visit offers no booking.
    expect(screen.queryByRole('link', { name: 'Book 9:00 am on Tue, Jan 8 with Daniel Okafor' })).toBeNull();
  });

  it('moves a visit dragged to another slot, and says why when the server refuses', async () => {
    const { moves } = mockCalendarServer();
    signIn('FRONTDESK', '17');
    const { container } = renderCalendar();
    const james = await chip(/^James Nguyen/);
    expect(james).toHaveAttribute('draggable', 'true');
    // A finished visit does not move.
    expect(screen.getByRole('button', { name: /^Aisha Johnson/ })).toHaveAttribute('draggable', 'false');

    const drag = dataTransfer();
    fireEvent.dragStart(james, { dataTransfer: drag });
    fireEvent.dragOver(slotCell(container, 3, '09:30'), { dataTransfer: drag });
    fireEvent.drop(slotCell(container, 3, '09:30'), { dataTransfer: drag });
    expect(
      await screen.findByText(/Appointment moved\. James Nguyen: Tue, Jan 8 at 9:30 am/),
    ).toBeInTheDocument();
    expect(moves).toEqual([{ id: 1, body: { doctorId: 3, appointmentDate: DAY, appointmentTime: '09:30' } }]);
    await waitFor(() => expect(slotCell(container, 3, '09:30')).toHaveTextContent('James Nguyen'));

    // Onto Priya Raman's 11:00, where Sofia Ramirez is: refused, with the server's reason.
    const moved = await chip(/^James Nguyen/);
    fireEvent.dragStart(moved, { dataTransfer: drag });
    fireEvent.drop(slotCell(container, 3, '11:00'), { dataTransfer: drag });
    expect(await screen.findByRole('alert')).toHaveTextContent(`James Nguyen was not moved: ${BUSY_MESSAGE}`);
  });

  it('moves a chosen visit from the keyboard with the move form', async () => {
    const { moves } = mockCalendarServer();
    signIn('MANAGER', '9');
    renderCalendar();
    fireEvent.click(await chip(/^Sofia Ramirez/));
    const form = screen.getByRole('form', { name: 'Move Sofia Ramirez' });
    fireEvent.change(within(form).getByLabelText('Provider'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '10:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move appointment' }));
    await waitFor(() =>
      expect(moves).toEqual([
        { id: 3, body: { doctorId: 2, appointmentDate: DAY, appointmentTime: '10:30' } },
      ]),
    );
    // A completed visit is shown with no move.
    fireEvent.click(screen.getByRole('button', { name: /^Aisha Johnson/ }));
    expect(screen.queryByRole('form', { name: /^Move/ })).toBeNull();
    expect(screen.getByText('Only a Scheduled appointment can move.')).toBeInTheDocument();
  });

  it('keeps the move form on where the visit is after a drag, so Move does not take it back (issue 28)', async () => {
    const { moves } = mockCalendarServer();
    signIn('FRONTDESK', '17');
    const { container } = renderCalendar();
    const sofia = await chip(/^Sofia Ramirez/);
    fireEvent.click(sofia);
    const form = screen.getByRole('form', { name: 'Move Sofia Ramirez' });
    expect(within(form).getByLabelText('Time')).toHaveValue('11:00');

    const drag = dataTransfer();
    fireEvent.dragStart(sofia, { dataTransfer: drag });
    fireEvent.drop(slotCell(container, 3, '11:30'), { dataTransfer: drag });
    expect(
      await screen.findByText(/Appointment moved\. Sofia Ramirez: Tue, Jan 8 at 11:30 am/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Tue, Jan 8 at 11:30 am/)).toBeInTheDocument());
    expect(within(form).getByLabelText('Time')).toHaveValue('11:30');
    expect(within(form).getByLabelText('Provider')).toHaveValue('3');

    // A choice made in the form, then the visit moved by a drag: the form shows where it went.
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '09:30' } });
    fireEvent.dragStart(await chip(/^Sofia Ramirez/), { dataTransfer: drag });
    fireEvent.drop(slotCell(container, 2, '10:30'), { dataTransfer: drag });
    await waitFor(() => expect(within(form).getByLabelText('Time')).toHaveValue('10:30'));
    expect(within(form).getByLabelText('Provider')).toHaveValue('2');
    fireEvent.click(within(form).getByRole('button', { name: 'Move appointment' }));
    // Nothing to move: the visit is where the form says.
    expect(moves).toHaveLength(2);
  });

  it('draws visits booked as Not Sure in an Unassigned lane, and the front desk assigns a free provider', async () => {
    const { assigns } = mockCalendarServer([visit(4, 'Hugo Lindgren', NOT_SURE, '09:00')]);
    signIn('FRONTDESK', '17');
    const { container } = renderCalendar();
    const hugo = await chip(/^Hugo Lindgren ?, Tue, Jan 8 9:00 am, Scheduled, no provider yet/);
    expect(slotCell(container, NOT_SURE, '09:00')).toContainElement(hugo);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Time',
      'UnassignedNeeds a provider',
      'Daniel OkaforPhysical Therapy',
      'Priya RamanMassage Therapy',
    ]);
    expect(screen.queryByText(/Not Sure/)).toBeNull();
    // The lane books no new visits.
    expect(screen.queryByRole('link', { name: /^Book 9:30 am on Tue, Jan 8 with Unassigned/ })).toBeNull();

    fireEvent.click(hugo);
    expect(screen.getByText(/^Tue, Jan 8 at 9:00 am/)).toHaveTextContent('Unassigned');
    const form = screen.getByRole('form', { name: 'Assign a provider to Hugo Lindgren' });
    // Daniel Okafor sees James Nguyen at 9:00: only Priya Raman is free.
    const choices = within(within(form).getByLabelText('Assign to')).getAllByRole('option');
    expect(choices.map((o) => o.textContent)).toEqual(['Priya Raman (Massage Therapy)']);
    fireEvent.click(within(form).getByRole('button', { name: 'Assign provider' }));
    expect(
      await screen.findByText(
        /^Provider assigned\. Hugo Lindgren: Tue, Jan 8 at 9:00 am with Priya Raman\.$/,
      ),
    ).toBeInTheDocument();
    expect(assigns).toEqual([{ id: 4, body: { doctorId: 3 } }]);
    await waitFor(() => expect(slotCell(container, 3, '09:00')).toHaveTextContent('Hugo Lindgren'));
    // Nobody is unassigned any more: the lane and the form are gone.
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.queryByRole('form', { name: /^Assign/ })).toBeNull();
  });

  it('lists the unassigned visits of a day as a group of their own on a phone', async () => {
    onAPhone();
    mockCalendarServer([visit(4, 'Hugo Lindgren', NOT_SURE, '10:30')]);
    signIn('FRONTDESK', '17');
    renderCalendar();
    const group = await screen.findByRole('region', { name: 'Unassigned on Tue, Jan 8' });
    expect(within(group).getByRole('heading')).toHaveTextContent('Unassigned (1)');
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['10:30 amHugo LindgrenNeeds a provider · EvaluationScheduled']);
  });

  it("opens on a doctor's own office and column, with nothing to drag", async () => {
    mockCalendarServer();
    signIn('DOCTOR', '3');
    renderCalendar(`/calendar?date=${DAY}`);
    const sofia = await chip(/^Sofia Ramirez/);
    expect(screen.getByLabelText('Office')).toHaveValue('2');
    expect(screen.getByLabelText('Provider')).toHaveValue('3');
    expect(screen.queryByRole('button', { name: /^James Nguyen/ })).toBeNull();
    expect(sofia).toHaveAttribute('draggable', 'false');
    fireEvent.click(sofia);
    expect(screen.queryByRole('form', { name: /^Move/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'all' } });
    expect(await chip(/^James Nguyen/)).toBeInTheDocument();
  });

  it('shows a week as the days from Monday, each with a column per provider', async () => {
    const { calendarCalls } = mockCalendarServer();
    signIn('FRONTDESK', '17');
    renderCalendar(`/calendar?officeId=2&date=${DAY}&view=week`);
    await chip(/^James Nguyen/);
    expect(calendarCalls.at(-1)?.get('from')).toBe('2030-01-07');
    expect(calendarCalls.at(-1)?.get('to')).toBe('2030-01-13');
    const days = screen.getAllByRole('columnheader').filter((h) => h.getAttribute('scope') === 'colgroup');
    expect(days.map((d) => d.textContent)).toEqual([
      'Mon, Jan 7',
      'Tue, Jan 8',
      'Wed, Jan 9',
      'Thu, Jan 10',
      'Fri, Jan 11',
      'Sat, Jan 12',
      'Sun, Jan 13',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(calendarCalls.at(-1)?.get('from')).toBe('2030-01-14'));
  });

  it('lists the day in one column on a phone', async () => {
    onAPhone();
    mockCalendarServer();
    signIn('FRONTDESK', '17');
    renderCalendar();
    const day = await screen.findByRole('region', { name: 'Tue, Jan 8' });
    expect(
      within(day)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '9:00 amJames NguyenDaniel Okafor · EvaluationScheduled',
      '10:00 amAisha JohnsonPriya Raman · EvaluationCompleted',
      '11:00 amSofia RamirezPriya Raman · EvaluationScheduled',
    ]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is refused to patients', async () => {
    mockCalendarServer();
    signIn('PATIENT', '');
    renderCalendar();
    expect(await screen.findByText(/The calendar is for the front desk/)).toBeInTheDocument();
  });
});
