import { MSG, msg } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { AppointmentsPage } from './appointments-page';

const OFFICE = {
  officeId: 3,
  officeName: 'Summit PT Portland Pearl District',
  address: '1120 NW Glisan St, Portland, OR 97209',
  description: '',
  phoneNumber: '',
  email: '',
  officeKey: 'PDX',
  officeImage: '',
  timeZone: 'America/Los_Angeles',
};
const DOCTOR = {
  doctorId: 3,
  officeId: 3,
  officeName: OFFICE.officeName,
  firstName: 'Priya',
  lastName: 'Raman',
  specialty: 'Physical Therapist',
  bio: '',
  doctorPicture: '',
  rating: 100,
};
const FRONT_DESK_RECORD = {
  ...DOCTOR,
  doctorId: 17,
  firstName: 'Rosa',
  lastName: 'Jimenez',
  specialty: 'FRONT_DESK',
};
const INSURANCE = [
  {
    insptId: 4,
    patientId: 1,
    insId: 2,
    insName: 'Blue Cross Blue Shield',
    subscriber: 'Self',
    active: 'visit,double',
    coPay: 30,
    notes: '',
  },
];
const RECEIPTS = [
  {
    receipt_id: 12,
    id: 12,
    name: '30-Minute Massage Voucher',
    vouched: false,
    pointsBankId: 5,
    inventoryId: 3,
    amountTotal: 12,
    amountBefore: 20,
    amountAfter: 8,
    date: '2030-01-01',
  },
  {
    ...{ receipt_id: 13, id: 13 },
    name: 'Foam Roller',
    vouched: true,
    pointsBankId: 5,
    inventoryId: 4,
    amountTotal: 15,
    amountBefore: 8,
    amountAfter: 0,
    date: '2030-01-02',
  },
];
const FUTURE_AUTH = {
  authId: 2,
  patientId: 1,
  inspt_id: 4,
  referredBy: 'Dr. Pierce',
  authCode: 'BCB-1',
  dayStart: '2020-01-01',
  dayEnd: '2999-12-31',
  visits: 24,
  weeklyVisitLimit: 2,
  active: 'Yes',
};

interface ServerOptions {
  authorization?: unknown;
  slots?: { allSlots: string[]; bookedSlots: string[] };
  add?: () => Response;
}

/** The calls the booking form makes, answered like the real server; returns the recorded bodies of /add. */
function mockBookingServer(options: ServerOptions = {}) {
  const added: unknown[] = [];
  const fetchMock = mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/office/all') return jsonResponse([OFFICE]);
    if (pathname === '/api/doctorinfo/search') return jsonResponse([DOCTOR, FRONT_DESK_RECORD]);
    if (pathname === '/api/appointments/available-times') {
      return jsonResponse(options.slots ?? { allSlots: ['09:00', '09:30', '10:00'], bookedSlots: ['09:30'] });
    }
    if (pathname.startsWith('/api/insurancePatientInfo/patient/')) return jsonResponse(INSURANCE);
    if (pathname.startsWith('/api/points-bank/'))
      return jsonResponse({ pointsBankId: 5, patientId: 1, totalPoints: 8 });
    if (pathname === '/api/receipts/pointsBank/5') return jsonResponse(RECEIPTS);
    if (pathname.startsWith('/api/patientauthorization/latest-auth/')) {
      return options.authorization === undefined
        ? jsonResponse({ error: 'not_found', message: 'No authorization found for this patient.' }, 404)
        : jsonResponse(options.authorization);
    }
    if (pathname === '/api/appointments/add') {
      added.push(JSON.parse(String(init.body)));
      return (
        options.add?.() ??
        jsonResponse({ success: true, message: MSG.appointmentAdded, appoinmentId: 77 }, 201)
      );
    }
    return jsonResponse({ error: 'not_found', message: `unexpected ${pathname}` }, 404);
  });
  return { fetchMock, added };
}

function signIn(role: 'PATIENT' | 'FRONTDESK') {
  window.localStorage.setItem('jwt', 'token');
  window.localStorage.setItem('role', role);
  window.localStorage.setItem('username', role === 'PATIENT' ? 'patient' : 'frontdesk');
  if (role === 'PATIENT') window.localStorage.setItem('patientId', '1');
}

function renderPage() {
  return renderWithRouter([{ path: '/appointments', element: <AppointmentsPage /> }], '/appointments');
}

async function fillUpToSlots() {
  const office = await screen.findByLabelText(/^Office/);
  await within(office).findByRole('option', { name: OFFICE.officeName });
  fireEvent.change(office, { target: { value: '3' } });
  const doctor = screen.getByLabelText(/^Doctor/);
  await within(doctor).findByRole('option', { name: 'Priya Raman, Physical Therapist' });
  fireEvent.change(doctor, { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2030-01-08' } });
}

describe('Schedule an Appointment', () => {
  it('lets a patient book: office, doctor, date, a free slot and a type, then offers a calendar file', async () => {
    const { added } = mockBookingServer({ authorization: FUTURE_AUTH });
    signIn('PATIENT');
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Schedule an Appointment' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search patients' })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add Appointment' });
    expect(add).toBeDisabled();
    expect(screen.getByText(MSG.completeRequiredFields)).toBeInTheDocument();

    // A date before an office: the spec's message, and no date is kept.
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2030-01-08' } });
    expect(await screen.findByText(MSG.selectOfficeFirst)).toBeInTheDocument();

    await fillUpToSlots();
    // Staff records are not offered as doctors; Not Sure always is.
    const doctorOptions = within(screen.getByLabelText(/^Doctor/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(doctorOptions).toEqual(['Choose a doctor', 'Priya Raman, Physical Therapist', 'Not Sure']);

    const times = await screen.findByRole('group', { name: 'Time' });
    const booked = within(times).getByRole('button', { name: /9:30 am/ });
    expect(booked).toBeDisabled();
    expect(booked).toHaveTextContent('Booked');
    fireEvent.click(within(times).getByRole('button', { name: '10:00 am' }));
    expect(within(times).getByRole('button', { name: '10:00 am' })).toHaveAttribute('aria-pressed', 'true');

    const type = screen.getByLabelText(/^Type of visit/);
    await within(type).findByRole('option', { name: 'Voucher-12 (30-Minute Massage Voucher)' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['', 'eval', 'visit (pay)', 'visit', 'double', 'Voucher-12']);
    fireEvent.change(type, { target: { value: 'double' } });
    fireEvent.change(screen.getByLabelText(/^Notes/), { target: { value: 'Stiff neck.' } });
    expect(add).toBeEnabled();
    fireEvent.click(add);

    expect(await screen.findByText(MSG.appointmentAdded)).toBeInTheDocument();
    expect(added).toEqual([
      {
        officeId: 3,
        doctorId: 3,
        appointmentDate: '2030-01-08',
        appointmentTime: '10:00',
        notes: 'Stiff neck.',
        typeVisit: 'double',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it('without an active authorization says so and selects eval', async () => {
    mockBookingServer();
    signIn('PATIENT');
    renderPage();
    expect(await screen.findByText(MSG.noActiveAuthorization)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Type of visit/)).toHaveValue('eval'));
  });

  it("shows the server's reason on a refusal, and the general message when the call fails", async () => {
    let answer: () => Response = () =>
      jsonResponse(
        { success: false, error: 'conflict', message: 'That time slot is full. Please choose another time.' },
        409,
      );
    mockBookingServer({ authorization: FUTURE_AUTH, add: () => answer() });
    signIn('PATIENT');
    renderPage();
    await fillUpToSlots();
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Time' })).getByRole('button', {
        name: '09:00'.replace('09:00', '9:00 am'),
      }),
    );
    fireEvent.change(screen.getByLabelText(/^Type of visit/), { target: { value: 'eval' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Appointment' }));
    expect(
      await screen.findByText(
        msg.appointmentAddFailed('That time slot is full. Please choose another time.'),
      ),
    ).toBeInTheDocument();

    answer = () => jsonResponse({ error: 'internal_error', message: 'Something went wrong' }, 500);
    fireEvent.click(screen.getByRole('button', { name: 'Add Appointment' }));
    expect(await screen.findByText(MSG.appointmentAddError)).toBeInTheDocument();
  });

  it('says when the day has no office hours', async () => {
    mockBookingServer({ authorization: FUTURE_AUTH, slots: { allSlots: [], bookedSlots: [] } });
    signIn('PATIENT');
    renderPage();
    await fillUpToSlots();
    expect(await screen.findByText(MSG.noOfficeHours)).toBeInTheDocument();
  });

  it('staff must choose the patient first', async () => {
    const { added } = mockBookingServer({ authorization: FUTURE_AUTH });
    signIn('FRONTDESK');
    renderPage();
    expect(await screen.findByRole('button', { name: 'Search patients' })).toBeInTheDocument();
    await fillUpToSlots();
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Time' })).getByRole('button', { name: '9:00 am' }),
    );
    fireEvent.change(screen.getByLabelText(/^Type of visit/), { target: { value: 'eval' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Appointment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.patientNotSelected);
    expect(added).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    mockBookingServer();
    renderPage();
    expect(await screen.findByRole('link', { name: 'sign in as a patient' })).toHaveAttribute(
      'href',
      '/login/patient',
    );
  });
});
