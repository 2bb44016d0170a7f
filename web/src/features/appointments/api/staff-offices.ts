import type { Office } from '@clinic/contract/offices';
import { useOfficeList } from '../../../lib/offices';
import { useStaffOffice } from './get-staff-office';

/**
 * The offices a staff page of the day's work offers (check-in, calendar): every office to whoever works at
 * any office, only their own record's office to a doctor. `start` is where the page opens: the staff
 * member's own office when they have one, otherwise the first; null until that is known.
 */
export function useStaffOfficeChoices({
  anyOffice,
  doctorId,
}: {
  anyOffice: boolean;
  doctorId: number | null;
}) {
  const offices = useOfficeList();
  const staffOffice = useStaffOffice(doctorId);
  const ownOfficeId = staffOffice.data ?? null;
  const choices: Office[] = (offices.data ?? []).filter((o) => anyOffice || o.officeId === ownOfficeId);
  const settled = doctorId === null || !staffOffice.isPending;
  const start = settled ? (choices.find((o) => o.officeId === ownOfficeId) ?? choices[0] ?? null) : null;
  return {
    offices,
    choices,
    start,
    /** A doctor whose staff record names no office has nothing to see. */
    noOffice: !anyOffice && !staffOffice.isPending && ownOfficeId === null,
  };
}
