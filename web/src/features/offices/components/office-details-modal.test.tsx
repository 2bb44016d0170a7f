import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { officeFixture } from '../../../test/directory-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { OfficeDetailsModal } from './office-details-modal';

const DENVER = officeFixture({ officeId: 1, officeName: 'Denver Highlands' });
const AUSTIN = officeFixture({ officeId: 2, officeName: 'Austin South Congress' });

function renderModal(
  office: typeof DENVER,
  role: 'DOCTOR' | 'MANAGER' | 'PATIENT',
  ownOfficeId: number | null,
) {
  return renderWithRouter(
    [
      {
        path: '/',
        element: (
          <OfficeDetailsModal
            office={office}
            offices={[DENVER, AUSTIN]}
            role={role}
            ownOfficeId={ownOfficeId}
            onClose={() => {}}
          />
        ),
      },
    ],
    '/',
  );
}

describe('office details: Edit only where the server allows it (mayEditOffice)', () => {
  it('shows a doctor Edit on their own office only', () => {
    renderModal(DENVER, 'DOCTOR', 1);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('hides Edit from a doctor on another office, and from a doctor whose office is not known yet', () => {
    const other = renderModal(AUSTIN, 'DOCTOR', 1);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    other.unmount();
    renderModal(DENVER, 'DOCTOR', null);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shows a manager Edit on any office, and a patient none', () => {
    const manager = renderModal(AUSTIN, 'MANAGER', null);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    manager.unmount();
    renderModal(DENVER, 'PATIENT', null);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
