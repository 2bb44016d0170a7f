import { HOME_SEARCH_EXCLUDED_SPECIALTIES } from '@clinic/contract/constants';
import { doctorDisplayName } from '@clinic/contract/doctors';
import { useMemo } from 'react';
import { useDoctors } from '../features/doctors/api/get-doctors';
import { useOffices } from '../features/offices/api/get-offices';
import { RatingAdminPage, type RatingFilterChoices } from '../features/ratings/pages/rating-admin-page';
import { errorMessage } from '../lib/api-client';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Staff records (administrators, the front desk) see no patients, so nobody rates them. */
function seesPatients(specialty: string): boolean {
  return !(HOME_SEARCH_EXCLUDED_SPECIALTIES as readonly string[]).includes(specialty.trim().toUpperCase());
}

/**
 * /ratingadminview: the ratings feature's dashboard, its doctor and office filters filled from the
 * doctors' and offices' directories (features do not import each other, so the app brings them together).
 */
export function RatingAdminRoute() {
  const doctors = useDoctors();
  const offices = useOffices();
  const choices = useMemo<RatingFilterChoices>(
    () => ({
      doctors: (doctors.data ?? [])
        .filter((d) => seesPatients(d.specialty))
        .map((d) => ({ id: d.doctorId, name: doctorDisplayName(d) || `Doctor #${d.doctorId}` }))
        .sort(byName),
      offices: (offices.data ?? []).map((o) => ({ id: o.officeId, name: o.officeName })).sort(byName),
      error: doctors.error ? errorMessage(doctors.error) : offices.error ? errorMessage(offices.error) : null,
    }),
    [doctors.data, doctors.error, offices.data, offices.error],
  );
  return <RatingAdminPage choices={choices} />;
}
