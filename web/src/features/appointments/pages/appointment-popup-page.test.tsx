import type { Appointment, StatusChange } from '@clinic/contract/appointments';
import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';
import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  appointmentFixture,
  authorizationFixture,
  diagnosisSetFixture,
} from '../../../test/appointment-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { AppointmentPopupPage } from './appointment-popup-page';

/** Booked on the set of an authorization that has since been marked inactive. */
const APPOINTMENT = appointmentFixture({ appoinmentId: 5, diagCombId: 29 });
const CURRENT = authorizationFixture();
const ENDED = authorizationFixture({ authId: 19, authCode: 'BCB-310877', active: 'No' });
const SETS: Record<string, DiagnosisCombiner[]> = {
  '20': [diagnosisSetFixture()],
  '19': [
    diagnosisSetFixture({
      diagCombId: 29,
      authId: 19,
      diagnosisSet: 'M25.561',
      diagnoses: [{ code: 'M25.561', description: 'Pain in right knee' }],
    }),
  ],
};

/** Offices, doctors and coverage are left unanswered: the editor then offers the appointment's own. */
function mockPopupServer({ authorizations = true } = {}) {
  const updates: unknown[] = [];
  mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/appointments/5') return jsonResponse(APPOINTMENT);
    if (pathname === '/api/appointments/available-times') {
      return jsonResponse({ allSlots: ['09:30', '10:00'], bookedSlots: ['10:00'] });
    }
    if (pathname === '/api/patientauthorization/find-by-patient/1' && authorizations) {
      return jsonResponse([CURRENT, ENDED]);
    }
    const sets = /^\/api\/diagnosisCombiner\/auth\/(\d+)$/.exec(pathname)?.[1];
    if (sets && authorizations) return jsonResponse(SETS[sets] ?? []);
    if (pathname === '/api/appointments/5/status-history') {
      const history: StatusChange[] = [
        {
          fromStatus: 'Scheduled',
          toStatus: 'Walked In',
          at: '2030-01-08T16:55:00.000Z',
          by: 'frontdesk',
          undo: false,
        },
        {
          fromStatus: 'Walked In',
          toStatus: 'In Room',
          at: '2030-01-08T17:02:00.000Z',
          by: null,
          undo: false,
        },
      ];
      return jsonResponse(history);
    }
    if (pathname === '/api/appointments/update/5') {
      const body = JSON.parse(String(init.body)) as Partial<Appointment>;
      updates.push(body);
      return jsonResponse({ ...APPOINTMENT, ...body });
    }
    return jsonResponse({ error: 'not_found', message: `unexpected ${pathname}` }, 404);
  });
  return updates;
}

function renderPopup() {
  window.localStorage.setItem('jwt', 'token');
  window.localStorage.setItem('role', 'ADMIN');
  window.localStorage.setItem('username', 'admin');
  return renderWithRouter(
    [{ path: '/appointmentPopup', element: <AppointmentPopupPage /> }],
    '/appointmentPopup?id=5',
  );
}

describe('Appointment popup: diagnosis set', () => {
  it("offers the active authorizations' sets, keeps the current one of an ended authorization, and sends the choice", async () => {
    const updates = mockPopupServer();
    renderPopup();
    const select = await screen.findByLabelText(/^Diagnosis set/);
    await within(select).findByRole('option', { name: /BCB-310877/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'None',
      'BCB-310877 · M25.561 Pain in right knee (authorization not active)',
      'BCB-448120 · M54.50 Low back pain, M62.830 Muscle spasm of back',
    ]);
    expect(select).toHaveValue('29');
    expect(select).toHaveAccessibleDescription(
      'Its authorization is no longer active. Diagnoses: M25.561 Pain in right knee. Procedures: 97110, 97140.',
    );

    fireEvent.change(select, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.appointmentUpdated)).toBeInTheDocument();
    expect(updates).toEqual([expect.objectContaining({ diagCombId: 30, typeVisit: 'visit' })]);

    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual(expect.objectContaining({ diagCombId: null }));
  });

  it('keeps the current set by its id when the authorizations cannot be read', async () => {
    const updates = mockPopupServer({ authorizations: false });
    renderPopup();
    const select = await screen.findByLabelText(/^Diagnosis set/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Diagnosis set #29']);
    expect(select).toHaveValue('29');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.appointmentUpdated)).toBeInTheDocument();
    expect(updates).toEqual([expect.objectContaining({ diagCombId: 29 })]);
  });
});

describe('Appointment popup: status history (issue 15)', () => {
  it("lists each change of the status with the time, in the office's zone, and who made it", async () => {
    mockPopupServer();
    renderPopup();
    const history = await screen.findByRole('region', { name: 'Status history' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Walked In (from Scheduled) · Jan 8, 9:55 am · by frontdesk',
      'In Room (from Walked In) · Jan 8, 10:02 am',
    ]);
  });
});
