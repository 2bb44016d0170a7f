import type { AuthorizationBody, PatientAuthorization } from '@clinic/contract/authorizations';
import { MSG } from '@clinic/contract/messages';
import type { Role } from '@clinic/contract/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { AUTHORIZATION, CODE_SETS } from '../test-support';
import { PatientAuthorizations } from './patient-authorizations';

const CURRENT = AUTHORIZATION;
const EXPIRED: PatientAuthorization = {
  ...CURRENT,
  authId: 12,
  authCode: 'AET-2025',
  dayStart: '2025-01-06',
  dayEnd: '2025-04-30',
  visits: null,
  weeklyVisitLimit: null,
  active: 'No',
  insName: 'Aetna',
  visitsUsed: 9,
  visitsScheduled: 0,
  visitsLeft: null,
};
const SETS = CODE_SETS;

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function mockServer(authorizations: PatientAuthorization[] = [EXPIRED, CURRENT]) {
  const calls: Call[] = [];
  let list = authorizations;
  mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    const call = {
      method: init.method ?? 'GET',
      path: pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (pathname === '/api/patientauthorization/find-by-patient/7') return jsonResponse(list);
    if (pathname === '/api/diagnosisCombiner/auth/31') return jsonResponse([SETS]);
    if (pathname === '/api/diagnosisCombiner/auth/12')
      return jsonResponse({ error: 'not_found', message: 'none' }, 404);
    if (pathname === '/api/patientauthorization/edit/31' && call.method === 'PUT') {
      const body = call.body as AuthorizationBody;
      const saved = { ...CURRENT, visits: Number(body.visits), visitsLeft: Number(body.visits) - 7 };
      list = list.map((a) => (a.authId === 31 ? saved : a));
      return jsonResponse(saved);
    }
    if (pathname === '/api/patientauthorization/remove/31' && call.method === 'DELETE') {
      list = list.filter((a) => a.authId !== 31);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: 'not_found', message: `unexpected ${pathname}` }, 404);
  });
  return calls;
}

function renderPanel(role: Role) {
  return renderWithRouter(
    [{ path: '/dashboard/patient', element: <PatientAuthorizations patientId={7} role={role} /> }],
    '/dashboard/patient',
  );
}

/** The card on show (the carousel keeps the others hidden and inert). */
function shownCard(): HTMLElement {
  const slide = screen
    .getAllByRole('group', { hidden: true })
    .find((g) => g.getAttribute('aria-hidden') !== 'true');
  if (!slide) throw new Error('no slide shown');
  return within(slide).getByRole('article');
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('dashboard authorizations', () => {
  it.each(['PATIENT', 'MANAGER'] as const)(
    '%s reads each authorization, its burn-down and its sets; no Edit or Delete',
    async (role) => {
      mockServer();
      renderPanel(role);
      const card = await waitFor(shownCard);
      expect(within(card).getByRole('heading', { name: 'Auth code BCB-2026' })).toBeVisible();
      expect(card).toHaveTextContent('Active');
      expect(card).toHaveTextContent('Blue Cross Blue Shield');
      expect(card).toHaveTextContent('Dr. Pierce');
      expect(card).toHaveTextContent('Mar 1, 2026 to Jun 30, 2026');
      expect(card).toHaveTextContent('2 visits a week');
      const visits = within(card).getByRole('region', { name: 'Visits of Auth code BCB-2026' });
      const counts = within(visits)
        .getAllByRole('term')
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
      expect(counts).toEqual(['Authorized 12', 'Used 5', 'Scheduled 2', 'Left 5']);
      expect(visits).toHaveTextContent('5 used, 2 scheduled, 5 left of 12 authorized.');
      expect(await within(card).findByText('Low back pain')).toBeVisible();
      expect(card).toHaveTextContent('M62.830 Muscle spasm of back');
      expect(card).toHaveTextContent('97110 Therapeutic exercise');
      expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();

      // The older one is the next card: inactive, no number of visits, no sets.
      fireEvent.click(screen.getByRole('button', { name: 'Show slide 2 of 2: Auth code AET-2025' }));
      const older = shownCard();
      expect(older).toHaveTextContent('Inactive');
      expect(older).toHaveTextContent('No weekly limit');
      expect(older).toHaveTextContent('9 used, 0 scheduled; no number of visits was authorized.');
      await waitFor(() => expect(within(older).getAllByText('None')).toHaveLength(2));
    },
  );

  it("says 'No authorizations on file.' when there are none", async () => {
    mockServer([]);
    renderPanel('PATIENT');
    expect(await screen.findByText('No authorizations on file.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Authorizations' })).toBeNull();
  });

  it('ADMIN edits: view, then edit with Save or Cancel; Save sends PUT edit and says so', async () => {
    const calls = mockServer();
    renderPanel('ADMIN');
    const card = await waitFor(shownCard);
    fireEvent.click(within(card).getByRole('button', { name: 'Edit Auth code BCB-2026' }));
    expect(within(card).getByRole('heading', { name: 'Edit Auth code BCB-2026' })).toBeVisible();
    expect(within(card).getByLabelText('Authorization code')).toHaveFocus();
    expect(within(card).getByLabelText('Visits authorized')).toHaveValue(12);

    fireEvent.input(within(card).getByLabelText('Visits authorized'), { target: { value: '20' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Edit Auth code BCB-2026' })).toHaveFocus();
    expect(writes(calls)).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Edit Auth code BCB-2026' }));
    fireEvent.input(within(card).getByLabelText(/^End date/), { target: { value: '2026-01-01' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      within(card).getByText('The end date must be on or after the start date.', { selector: 'p' }),
    ).toBeVisible();
    fireEvent.input(within(card).getByLabelText(/^End date/), { target: { value: '2026-06-30' } });
    fireEvent.input(within(card).getByLabelText('Visits authorized'), { target: { value: '20' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.authorizationUpdated)).toBeVisible();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/patientauthorization/edit/31',
        body: {
          inspt_id: 4,
          referredBy: 'Dr. Pierce',
          authCode: 'BCB-2026',
          dayStart: '2026-03-01',
          dayEnd: '2026-06-30',
          visits: 20,
          weeklyVisitLimit: 2,
          active: 'Yes',
        },
      },
    ]);
    await waitFor(() =>
      expect(shownCard()).toHaveTextContent('5 used, 2 scheduled, 13 left of 20 authorized.'),
    );
  });

  it('ADMIN deletes only after confirming', async () => {
    const calls = mockServer();
    renderPanel('ADMIN');
    const card = await waitFor(shownCard);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Auth code BCB-2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete authorization' });
    expect(dialog).toHaveTextContent(MSG.confirmDeleteAuthorization);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(calls)).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Auth code BCB-2026' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.authorizationDeleted)).toBeVisible();
    expect(writes(calls)).toEqual([
      { method: 'DELETE', path: '/api/patientauthorization/remove/31', body: undefined },
    ]);
    await waitFor(() =>
      expect(within(shownCard()).getByRole('heading', { name: 'Auth code AET-2025' })).toBeVisible(),
    );
  });
});
