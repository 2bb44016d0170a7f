import type { InsurancePatientBody, InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { receiveFromPopup } from '../../../test/popup-window';
import { renderWithRouter } from '../../../test/render-with-router';
import { RegisterInsurancePatientPage } from './register-insurance-patient-page';

const SAVED: InsurancePatientRecord = {
  insptId: 31,
  patientId: 7,
  insId: 4,
  insName: 'Lindqvist Mutual',
  subscriber: 'Emily Carter',
  active: 'visit,acupuncture,dry needling',
  coPay: 25,
  notes: 'Card on file',
};

function signIn(role: string) {
  localStorage.setItem('jwt', 'token');
  localStorage.setItem('role', role);
  localStorage.setItem('username', role.toLowerCase());
}

function renderPage() {
  return renderWithRouter(
    [{ path: '/register/insurance-patient', element: <RegisterInsurancePatientPage /> }],
    '/register/insurance-patient',
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save insurance record' }));

describe('insurance patient registration', () => {
  it.each(['FRONTDESK', 'DOCTOR', 'PATIENT'])('%s sees Access Denied', (role) => {
    signIn(role);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Insurance Patient Registration' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
    expect(screen.queryByRole('button', { name: 'Save insurance record' })).not.toBeInTheDocument();
  });

  it('opens the search popup for a patient and for an insurance, with this site’s API urls', () => {
    signIn('MANAGER');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Search patients' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search insurances' }));
    expect(open.mock.calls.map(([url]) => url)).toEqual([
      `/search-popup?type=Patient&inputTarget=patient&url=${encodeURIComponent('/api/patientinfo/search/all')}`,
      `/search-popup?type=Insurance&inputTarget=insurance&url=${encodeURIComponent('/api/insurance/search')}`,
    ]);
  });

  it('without a patient or an insurance it says both are required and sends nothing', () => {
    signIn('MANAGER');
    const fetchMock = mockFetch(() => jsonResponse(SAVED));
    renderPage();
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.patientAndInsuranceRequired);
    expect(screen.getByRole('button', { name: 'Search patients' })).toHaveFocus();

    receiveFromPopup({ source: 'search', target: 'patient', id: 7, name: 'Emily Carter' });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.patientAndInsuranceRequired);
    expect(screen.getByRole('button', { name: 'Search insurances' })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the chosen patient and insurance with the coverage, says so with the answer, and resets', async () => {
    signIn('ADMIN');
    const fetchMock = mockFetch(() => jsonResponse(SAVED, 201));
    renderPage();

    // Choices from another origin, or from another popup, are ignored.
    receiveFromPopup(
      { source: 'search', target: 'patient', id: 99, name: 'Intruder' },
      'https://evil.example',
    );
    receiveFromPopup({ source: 'office-search', target: 'patient', id: 98, name: 'Main St' });
    receiveFromPopup({ source: 'search', target: 'patient', id: 7, name: 'Emily Carter' });
    receiveFromPopup({ source: 'search', target: 'insurance', id: '4', name: 'Lindqvist Mutual' });
    expect(screen.getByText('Emily Carter')).toBeInTheDocument();
    expect(screen.getByText('Lindqvist Mutual')).toBeInTheDocument();
    expect(screen.queryByText('Intruder')).not.toBeInTheDocument();

    fireEvent.input(screen.getByLabelText('Subscriber'), { target: { value: ' Emily Carter ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Visit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acupuncture' }));
    const other = screen.getByLabelText('Other visit type');
    fireEvent.input(other, { target: { value: '  dry needling ' } });
    fireEvent.keyDown(other, { key: 'Enter' });
    const chips = screen.getByRole('list', { name: 'Other visit types' });
    expect(within(chips).getByText('dry needling')).toBeInTheDocument();
    // A duplicate (in any case) is refused with the reason; the list stays as it was.
    fireEvent.input(other, { target: { value: 'Dry Needling' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('“Dry Needling” is already in the list.')).toBeInTheDocument();
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.input(other, { target: { value: '' } });
    fireEvent.input(screen.getByLabelText('Co-pay (USD)'), { target: { value: '25' } });
    fireEvent.input(screen.getByLabelText('Notes'), { target: { value: 'Card on file ' } });
    submit();

    expect(await screen.findByRole('status')).toHaveTextContent(
      `${MSG.insuranceRecordSaved} Lindqvist Mutual for Emily Carter (record #31).`,
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/insurancePatientInfo/save');
    expect(init.method).toBe('POST');
    const body: InsurancePatientBody = JSON.parse(init.body as string);
    expect(body).toEqual({
      patientId: 7,
      insId: 4,
      subscriber: 'Emily Carter',
      active: 'visit,acupuncture,dry needling',
      coPay: 25,
      notes: 'Card on file',
    });
    // Ready for the next record.
    expect(screen.getByText('No patient selected')).toBeInTheDocument();
    expect(screen.getByText('No insurance selected')).toBeInTheDocument();
    expect(screen.getByLabelText('Subscriber')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Visit' })).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'Other visit types' })).not.toBeInTheDocument();
  });

  it('a visit type typed but not added is saved too; a removed chip is not; an empty co-pay is null', async () => {
    signIn('MANAGER');
    const fetchMock = mockFetch(() => jsonResponse(SAVED, 201));
    renderPage();
    receiveFromPopup({ source: 'search', target: 'patient', id: 7, name: 'Emily Carter' });
    receiveFromPopup({ source: 'search', target: 'insurance', id: 4, name: 'Lindqvist Mutual' });
    const other = screen.getByLabelText('Other visit type');
    fireEvent.input(other, { target: { value: 'massage, cupping' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove massage' }));
    fireEvent.input(other, { target: { value: 'Double' } });
    submit();
    await screen.findByRole('status');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toMatchObject({
      active: 'double,cupping',
      coPay: null,
      subscriber: '',
    });
  });

  it('a co-pay below 0 is refused before sending', () => {
    signIn('MANAGER');
    const fetchMock = mockFetch(() => jsonResponse(SAVED, 201));
    renderPage();
    receiveFromPopup({ source: 'search', target: 'patient', id: 7, name: 'Emily Carter' });
    receiveFromPopup({ source: 'search', target: 'insurance', id: 4, name: 'Lindqvist Mutual' });
    fireEvent.input(screen.getByLabelText('Co-pay (USD)'), { target: { value: '-5' } });
    submit();
    expect(
      screen.getByText(/Enter the co-pay as an amount of 0 or more/, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Co-pay (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refusal shows the server’s message and keeps what was entered', async () => {
    signIn('MANAGER');
    mockFetch(() =>
      jsonResponse({ error: 'conflict', message: 'This patient already has this insurance.' }, 409),
    );
    renderPage();
    receiveFromPopup({ source: 'search', target: 'patient', id: 7, name: 'Emily Carter' });
    receiveFromPopup({ source: 'search', target: 'insurance', id: 4, name: 'Lindqvist Mutual' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: This patient already has this insurance.',
    );
    expect(screen.getByText('Emily Carter')).toBeInTheDocument();
  });
});
