import type { AuthorizationBody, PatientAuthorization } from '@clinic/contract/authorizations';
import type { DiagnosisCombinerBody } from '@clinic/contract/diagnosis-combiner';
import { SET_MAX_CODES } from '@clinic/contract/diagnosis-combiner';
import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INSURANCE_RECORD_POPUP_SOURCE } from '../../../lib/popup';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { receivePopupSelection } from '../../../test/popup-message';
import { signInAs } from '../../../test/sign-in';
import { AUTHORIZATION, CODE_SETS, renderPageAt } from '../test-support';
import { RegisterAuthorizationPage } from './register-authorization-page';

const SAVED: PatientAuthorization = { ...AUTHORIZATION, visitsUsed: 0, visitsScheduled: 0, visitsLeft: 12 };
const COMBINER = CODE_SETS;

interface Calls {
  add: AuthorizationBody[];
  sets: DiagnosisCombinerBody[];
}

/** The two calls of the form; `add` and `save` replace the answers. */
function mockServer(answers: { add?: () => Response; save?: () => Response } = {}) {
  const calls: Calls = { add: [], sets: [] };
  const fetchMock = mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/patientauthorization/add' && init.method === 'POST') {
      calls.add.push(JSON.parse(String(init.body)));
      return answers.add?.() ?? jsonResponse(SAVED, 201);
    }
    if (pathname === '/api/diagnosisCombiner/save' && init.method === 'POST') {
      calls.sets.push(JSON.parse(String(init.body)));
      return answers.save?.() ?? jsonResponse(COMBINER, 201);
    }
    return jsonResponse({ error: 'not_found', message: `unexpected ${pathname}` }, 404);
  });
  return { calls, fetchMock };
}

const signIn = (role: string) => signInAs(role);
const renderPage = () => renderPageAt('/register/authorization', <RegisterAuthorizationPage />);

const choosePatient = () =>
  receivePopupSelection({ source: 'search', target: 'patient', id: 7, name: 'Emily Carter' });

function sendCode(target: 'diagnosisSet' | 'procedureSet', code: string, description: string) {
  receivePopupSelection({
    source: 'procedure-diagnosis',
    target,
    id: code,
    name: `${code} - ${description}`,
    extra: { code, description, differenceCode: target === 'diagnosisSet' ? 'D' : 'P' },
  });
}

function fillDates(start: string, end: string) {
  fireEvent.input(screen.getByLabelText(/^Start date/), { target: { value: start } });
  fireEvent.input(screen.getByLabelText(/^End date/), { target: { value: end } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save Authorization' }));
const diagnosisSet = () => screen.getByRole('group', { name: 'Diagnosis set' });
const procedureSet = () => screen.getByRole('group', { name: 'Procedure set' });
const chips = (set: HTMLElement) =>
  within(set)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('/register/authorization', () => {
  it.each(['FRONTDESK', 'DOCTOR', 'PATIENT'])('is refused to %s', (role) => {
    signIn(role);
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
    expect(screen.queryByRole('button', { name: 'Save Authorization' })).toBeNull();
  });

  it('needs a patient, then both dates, then an end on or after the start', async () => {
    const { fetchMock } = mockServer();
    signIn('MANAGER');
    renderPage();
    submit();
    // The summary links each problem to its field; the patient's to the button that chooses one (issue 28).
    expect(await screen.findByRole('link', { name: MSG.patientNotSelected })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Search patients' })).toHaveFocus();
    expect(screen.getByText(MSG.selectStartAndEnd, { selector: 'p' })).toBeVisible();

    choosePatient();
    expect(screen.getByText(/Authorization for/)).toHaveTextContent('Emily Carter');
    fireEvent.input(screen.getByLabelText(/^Start date/), { target: { value: '2026-03-01' } });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.selectStartAndEnd);

    fillDates('2026-03-01', '2026-02-01');
    submit();
    expect(
      screen.getByText('The end date must be on or after the start date.', { selector: 'p' }),
    ).toBeVisible();
    expect(screen.queryByText(MSG.selectStartAndEnd)).toBeNull();

    fireEvent.input(screen.getByLabelText(/^Weekly visit limit/), { target: { value: '0' } });
    fillDates('2026-03-01', '2026-06-30');
    submit();
    expect(screen.getByText(/Enter a whole number from 1 to/, { selector: 'p' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('codes sent by the selector popup become removable chips, once each, only in their own set', () => {
    signIn('ADMIN');
    renderPage();
    expect(within(diagnosisSet()).getByText('No diagnosis codes yet.')).toBeVisible();

    sendCode('diagnosisSet', 'M54.50', 'Low back pain');
    sendCode('diagnosisSet', 'm62.830', 'Muscle spasm of back');
    sendCode('diagnosisSet', 'M54.50', 'Low back pain');
    expect(chips(diagnosisSet())).toEqual(['M54.50Low back pain', 'M62.830Muscle spasm of back']);
    expect(within(diagnosisSet()).getByRole('status')).toHaveTextContent(
      'M54.50 is already in the diagnosis set.',
    );
    expect(chips(procedureSet())).toEqual([]);

    // A procedure code sent to the diagnosis set (wrong kind) is refused; the procedure set takes it.
    receivePopupSelection({
      source: 'procedure-diagnosis',
      target: 'diagnosisSet',
      id: '97110',
      name: '97110',
      extra: { code: '97110', description: 'Therapeutic exercise', differenceCode: 'P' },
    });
    expect(chips(diagnosisSet())).toHaveLength(2);
    sendCode('procedureSet', '97110', 'Therapeutic exercise');
    expect(chips(procedureSet())).toEqual(['97110Therapeutic exercise']);

    fireEvent.click(within(diagnosisSet()).getByRole('button', { name: 'Remove M54.50' }));
    expect(chips(diagnosisSet())).toEqual(['M62.830Muscle spasm of back']);
    expect(within(diagnosisSet()).getByRole('button', { name: 'Add diagnosis code' })).toHaveFocus();
  });

  it('codes that arrive together, before the page renders again, are all kept', () => {
    signIn('ADMIN');
    renderPage();
    const code = (id: string) => ({
      source: 'procedure-diagnosis',
      target: 'diagnosisSet',
      id,
      name: id,
      extra: { code: id, description: `Code ${id}`, differenceCode: 'D' },
    });
    receivePopupSelection(code('M54.50'), code('M62.830'), code('M54.50'));
    expect(chips(diagnosisSet())).toEqual(['M54.50Code M54.50', 'M62.830Code M62.830']);
  });

  it(`a set holds at most ${SET_MAX_CODES} codes`, () => {
    signIn('ADMIN');
    renderPage();
    for (let i = 1; i <= SET_MAX_CODES + 1; i += 1) sendCode('procedureSet', `9711${i}`, `Code ${i}`);
    expect(chips(procedureSet())).toHaveLength(SET_MAX_CODES);
    expect(within(procedureSet()).getByRole('button', { name: 'Add procedure code' })).toBeDisabled();
    expect(within(procedureSet()).getByRole('status')).toHaveTextContent(
      `A procedure set holds at most ${SET_MAX_CODES} codes`,
    );
  });

  it('opens the selectors: patients, then the chosen patient’s insurance records, and codes by type', () => {
    signIn('ADMIN');
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    renderPage();
    expect(screen.getByRole('button', { name: 'Choose insurance record' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Search patients' }));
    expect(open).toHaveBeenLastCalledWith(
      expect.stringMatching(/^\/search-popup\?type=Patient&inputTarget=patient&url=/),
      'patient-search',
      expect.any(String),
    );
    choosePatient();
    fireEvent.click(screen.getByRole('button', { name: 'Choose insurance record' }));
    expect(open).toHaveBeenLastCalledWith(
      '/insurance-record-selector?patientId=7',
      'insurance-record-selector',
      expect.any(String),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add diagnosis code' }));
    expect(open).toHaveBeenLastCalledWith(
      '/select-procedure-diagnosis?type=diagnosis&inputTarget=diagnosisSet',
      'code-selector',
      expect.any(String),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add procedure code' }));
    expect(open).toHaveBeenLastCalledWith(
      '/select-procedure-diagnosis?type=procedure&inputTarget=procedureSet',
      'code-selector',
      expect.any(String),
    );
  });

  it('saves the authorization, then its sets for the new authId as comma lists, and links to the dashboard', async () => {
    const { calls } = mockServer();
    signIn('MANAGER');
    const { router } = renderPage();
    choosePatient();
    receivePopupSelection({
      source: INSURANCE_RECORD_POPUP_SOURCE,
      id: 4,
      name: 'Blue Cross Blue Shield - Self',
    });
    expect(screen.getByText(/Insurance record:/)).toHaveTextContent('Blue Cross Blue Shield - Self');
    fireEvent.input(screen.getByLabelText('Authorization code'), { target: { value: ' BCB-2026 ' } });
    fireEvent.input(screen.getByLabelText('Referred by'), { target: { value: 'Dr. Pierce' } });
    fillDates('2026-03-01', '2026-06-30');
    fireEvent.input(screen.getByLabelText('Visits authorized'), { target: { value: '12' } });
    fireEvent.input(screen.getByLabelText('Weekly visit limit'), { target: { value: '2' } });
    sendCode('diagnosisSet', 'M54.50', 'Low back pain');
    sendCode('diagnosisSet', 'M62.830', 'Muscle spasm of back');
    sendCode('procedureSet', '97110', 'Therapeutic exercise');
    submit();

    const link = await screen.findByRole('link', { name: 'Open Emily Carter’s dashboard' });
    expect(screen.getByText(MSG.authorizationSaved)).toBeVisible();
    expect(calls.add).toEqual([
      {
        patientId: 7,
        inspt_id: 4,
        referredBy: 'Dr. Pierce',
        authCode: 'BCB-2026',
        dayStart: '2026-03-01',
        dayEnd: '2026-06-30',
        visits: 12,
        weeklyVisitLimit: 2,
        active: 'Yes',
      },
    ]);
    expect(calls.sets).toEqual([{ authId: 31, diagnosisSet: 'M54.50,M62.830', procedureSet: '97110' }]);
    // The form is empty again for the next authorization.
    expect(screen.getByLabelText('Authorization code')).toHaveValue('');
    expect(chips(diagnosisSet())).toEqual([]);

    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/dashboard/patient');
    expect(localStorage.getItem('patientId')).toBe('7');
  });

  it("shows the server's message when the authorization is refused, and saves no sets", async () => {
    const { calls } = mockServer({
      add: () =>
        jsonResponse({ error: 'bad_request', message: 'That insurance record is not this patient’s.' }, 400),
    });
    signIn('ADMIN');
    renderPage();
    choosePatient();
    fillDates('2026-03-01', '2026-06-30');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: That insurance record is not this patient’s.',
    );
    expect(calls.sets).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save Authorization' })).toBeEnabled();
  });

  it('when the sets fail after the authorization was created, says so and retries only the sets', async () => {
    let failSets = true;
    const { calls } = mockServer({
      save: () =>
        failSets
          ? jsonResponse({ error: 'conflict', message: 'Code M99.99 does not exist.' }, 400)
          : jsonResponse(COMBINER, 201),
    });
    signIn('ADMIN');
    renderPage();
    choosePatient();
    fillDates('2026-03-01', '2026-06-30');
    sendCode('diagnosisSet', 'M99.99', 'Unknown');
    submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authorization BCB-2026 was saved, but its diagnosis and procedure sets were not: Code M99.99 does not exist.',
    );
    expect(screen.getByLabelText(/^Start date/)).toBeDisabled();
    expect(chips(diagnosisSet())).toEqual(['M99.99Unknown']);

    fireEvent.click(within(diagnosisSet()).getByRole('button', { name: 'Remove M99.99' }));
    sendCode('diagnosisSet', 'M54.50', 'Low back pain');
    failSets = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save sets' }));
    expect(await screen.findByText(MSG.authorizationSaved)).toBeVisible();
    expect(calls.add).toHaveLength(1);
    expect(calls.sets.map((s) => [s.authId, s.diagnosisSet])).toEqual([
      [31, 'M99.99'],
      [31, 'M54.50'],
    ]);
    await waitFor(() => expect(screen.getByLabelText(/^Start date/)).toBeEnabled());
  });
});
