import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { INSURANCE_RECORD_POPUP_SOURCE, POPUP_MESSAGE_TYPE } from '../../../lib/popup';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { mockOpener } from '../../../test/popup-window';
import { renderWithRouter } from '../../../test/render-with-router';
import { InsuranceRecordSelectorPage, NO_OPENER_MESSAGE } from './insurance-record-selector-page';

const RECORDS: InsurancePatientRecord[] = [
  {
    insptId: 31,
    patientId: 7,
    insId: 4,
    insName: 'Lindqvist Mutual',
    subscriber: 'Emily Carter',
    active: 'visit,double',
    coPay: 25,
    notes: '',
  },
  {
    insptId: 32,
    patientId: 7,
    insId: 5,
    insName: 'Harbor Health',
    subscriber: '',
    active: 'acupuncture',
    coPay: null,
    notes: '',
  },
];

function renderSelector(query: string) {
  return renderWithRouter(
    [{ path: '/insurance-record-selector', element: <InsuranceRecordSelectorPage /> }],
    `/insurance-record-selector${query}`,
  );
}

let opener: ReturnType<typeof mockOpener>['opener'];
let closeSpy: ReturnType<typeof mockOpener>['close'];

beforeEach(() => {
  ({ opener, close: closeSpy } = mockOpener());
  localStorage.setItem('jwt', 'token-123');
});

describe('insurance record selector', () => {
  it('lists the patient’s records as insurance, subscriber and id; a click sends the insptId and closes', async () => {
    const fetchMock = mockFetch(() => jsonResponse(RECORDS));
    renderSelector('?patientId=7&inputTarget=insptId');
    const list = await screen.findByRole('list');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/insurancePatientInfo/patient/7');
    expect(headersOf(init).Authorization).toBe('Bearer token-123');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Lindqvist MutualSubscriber: Emily CarterRecord #31',
      'Harbor HealthSubscriber: Not providedRecord #32',
    ]);

    fireEvent.click(within(list).getByRole('button', { name: /Lindqvist Mutual/ }));
    expect(opener.postMessage).toHaveBeenCalledWith(
      {
        type: POPUP_MESSAGE_TYPE,
        source: INSURANCE_RECORD_POPUP_SOURCE,
        target: 'insptId',
        id: 31,
        name: 'Lindqvist Mutual — Emily Carter (#31)',
      },
      window.location.origin,
    );
    expect(closeSpy).toHaveBeenCalled();
  });

  it('a record without a subscriber is sent as insurance and id only', async () => {
    mockFetch(() => jsonResponse(RECORDS));
    renderSelector('?patientId=7');
    fireEvent.click(await screen.findByRole('button', { name: /Harbor Health/ }));
    expect(opener.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'insurance-record', id: 32, name: 'Harbor Health (#32)' }),
      window.location.origin,
    );
  });

  it("a record without an insptId says 'No valid insptId found.' and sends nothing", async () => {
    mockFetch(() => jsonResponse([{ ...RECORDS[0], insptId: 0 }]));
    renderSelector('?patientId=7');
    fireEvent.click(await screen.findByRole('button', { name: /Lindqvist Mutual/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.noValidInsptId);
    expect(opener.postMessage).not.toHaveBeenCalled();
    expect(closeSpy).not.toHaveBeenCalled();
  });

  it("a load failure says 'Failed to fetch insurance records.'", async () => {
    mockFetch(() => jsonResponse({ error: 'not_found', message: 'Not found.' }, 404));
    renderSelector('?patientId=7');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.failedToFetchInsuranceRecords);
  });

  it('a patient without records is told so', async () => {
    mockFetch(() => jsonResponse([]));
    renderSelector('?patientId=7');
    expect(await screen.findByText('No insurance records on file for this patient.')).toBeInTheDocument();
  });

  it.each(['', '?patientId=', '?patientId=abc', '?patientId=0', '?patientId=1.5'])(
    'with %j as query it says no id was given and calls nothing',
    (query) => {
      const fetchMock = mockFetch(() => jsonResponse(RECORDS));
      renderSelector(query);
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.noIdProvided);
      expect(screen.getByText(/This list needs a patient/)).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('opened without an opener, a choice says it cannot be sent back', async () => {
    mockOpener(false);
    mockFetch(() => jsonResponse(RECORDS));
    renderSelector('?patientId=7');
    fireEvent.click(await screen.findByRole('button', { name: /Lindqvist Mutual/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(NO_OPENER_MESSAGE);
    expect(closeSpy).not.toHaveBeenCalled();
  });
});
