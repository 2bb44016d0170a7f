import type { InsurancePatientBody, InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { PatientInsuranceRecords } from './patient-insurance-records';

const LINDQVIST: InsurancePatientRecord = {
  insptId: 31,
  patientId: 7,
  insId: 4,
  insName: 'Lindqvist Mutual',
  subscriber: 'Emily Carter',
  active: 'visit,double,dry needling',
  coPay: 25,
  notes: 'Card on file',
};
const HARBOR: InsurancePatientRecord = {
  insptId: 32,
  patientId: 7,
  insId: 5,
  insName: 'Harbor Health',
  subscriber: 'Mark Carter',
  active: '',
  coPay: null,
  notes: '',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The records of patient 7 on a fake server that applies PATCH and DELETE, unless `refuse` says why not. */
function mockRecordsApi(
  initial: InsurancePatientRecord[],
  refuse: Partial<Record<'PATCH' | 'DELETE', string>> = {},
) {
  let records = [...initial];
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const call: Call = { method, path: url, body: init.body ? JSON.parse(init.body as string) : undefined };
    calls.push(call);
    const refusal = refuse[method as 'PATCH' | 'DELETE'];
    if (refusal) return jsonResponse({ error: 'conflict', message: refusal }, 409);
    if (method === 'GET' && url === '/api/insurancePatientInfo/patient/7') return jsonResponse(records);
    if (method === 'PATCH' && url === '/api/insurancePatientInfo/update/31') {
      const body = call.body as InsurancePatientBody;
      records = records.map((r) => (r.insptId === 31 ? ({ ...r, ...body } as InsurancePatientRecord) : r));
      return jsonResponse(records.find((r) => r.insptId === 31));
    }
    if (method === 'DELETE' && url === '/api/insurancePatientInfo/delete/31') {
      records = records.filter((r) => r.insptId !== 31);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: 'not_found', message: `unexpected ${method} ${url}` }, 404);
  });
  return calls;
}

function renderPanel(role: Role) {
  return renderWithRouter(
    [
      {
        path: '/dashboard/patient',
        element: <PatientInsuranceRecords patientId={7} canManage={can(role, 'insurance-patient:manage')} />,
      },
    ],
    '/dashboard/patient',
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('patient insurance panel', () => {
  it.each<Role>(['PATIENT', 'FRONTDESK'])(
    '%s reads the records one at a time, without edit or delete',
    async (role) => {
      mockRecordsApi([LINDQVIST, HARBOR]);
      renderPanel(role);
      const first = await screen.findByRole('article', { name: 'Lindqvist Mutual' });
      expect(within(first).getByText('Emily Carter')).toBeInTheDocument();
      expect(within(first).getByText('$25.00')).toBeInTheDocument();
      expect(within(first).getByText('Card on file')).toBeInTheDocument();
      expect(
        within(first)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['Visit', 'Double', 'dry needling']);
      expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
      // Moved by hand only.
      expect(screen.queryByRole('button', { name: /automatic slide show/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('article', { name: 'Harbor Health' })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      const second = card('Harbor Health');
      expect(within(second).getByText('Not set')).toBeInTheDocument();
      expect(within(second).getByText('None')).toBeInTheDocument();
      expect(within(second).getByText('Record #32 · 2 of 2')).toBeInTheDocument();
    },
  );

  it("with no records it says 'No insurance on file.'", async () => {
    mockRecordsApi([]);
    renderPanel('PATIENT');
    expect(await screen.findByText('No insurance on file.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('a manager edits a record in place and saves it with PATCH', async () => {
    const calls = mockRecordsApi([LINDQVIST, HARBOR]);
    renderPanel('MANAGER');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lindqvist Mutual record' }));
    const form = screen.getByRole('form', { name: 'Edit Lindqvist Mutual' });
    expect(within(form).getByLabelText('Subscriber')).toHaveFocus();
    expect(within(form).getByRole('checkbox', { name: 'Double' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Acupuncture' })).not.toBeChecked();

    fireEvent.input(within(form).getByLabelText('Subscriber'), { target: { value: 'Emily R. Carter' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Double' }));
    fireEvent.input(within(form).getByLabelText('Other visit type'), { target: { value: 'cupping' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    fireEvent.input(within(form).getByLabelText('Co-pay (USD)'), { target: { value: '30.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.insuranceRecordSaved)).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('/api/insurancePatientInfo/update/31');
    expect(patch?.body).toEqual({
      subscriber: 'Emily R. Carter',
      active: 'visit,dry needling,cupping',
      coPay: 30.5,
      notes: 'Card on file',
    });
    const updated = await screen.findByRole('article', { name: 'Lindqvist Mutual' });
    await waitFor(() => expect(within(updated).getByText('$30.50')).toBeInTheDocument());
    expect(within(updated).getByText('Emily R. Carter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Lindqvist Mutual record' })).toHaveFocus();
  });

  it('Cancel leaves the record as it was; a refused save says so and stays in edit mode', async () => {
    const calls = mockRecordsApi([LINDQVIST], { PATCH: 'Subscriber is too long.' });
    renderPanel('ADMIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lindqvist Mutual record' }));
    fireEvent.input(screen.getByLabelText('Subscriber'), { target: { value: 'Someone else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(card('Lindqvist Mutual')).getByText('Emily Carter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Lindqvist Mutual record' })).toHaveFocus();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Edit Lindqvist Mutual record' }));
    expect(screen.getByLabelText('Subscriber')).toHaveValue('Emily Carter');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${MSG.failedToSaveChanges}: Subscriber is too long.`,
    );
    expect(screen.getByRole('form', { name: 'Edit Lindqvist Mutual' })).toBeInTheDocument();
  });

  it('Delete asks first; Cancel keeps the record, confirming deletes it', async () => {
    const calls = mockRecordsApi([LINDQVIST, HARBOR]);
    renderPanel('MANAGER');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lindqvist Mutual record' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete insurance record?' });
    expect(dialog).toHaveTextContent('Lindqvist Mutual — Emily Carter (record #31)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Lindqvist Mutual record' }));
    dialog = screen.getByRole('dialog', { name: 'Delete insurance record?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Insurance record deleted.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/insurancePatientInfo/delete/31');
    expect(await screen.findByRole('article', { name: 'Harbor Health' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a refused delete says 'Failed to delete' with the reason and keeps the record", async () => {
    mockRecordsApi([LINDQVIST], { DELETE: 'An authorization uses this record.' });
    renderPanel('ADMIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lindqvist Mutual record' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete insurance record?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${MSG.failedToDelete}: An authorization uses this record.`,
    );
    expect(screen.getByRole('article', { name: 'Lindqvist Mutual' })).toBeInTheDocument();
  });

  it('a manager is offered the registration page when there are no records', async () => {
    mockRecordsApi([]);
    renderPanel('MANAGER');
    expect(await screen.findByRole('link', { name: 'Register an insurance record' })).toHaveAttribute(
      'href',
      '/register/insurance-patient',
    );
  });
});
