import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { openRatingPopup } from '../../../lib/rating-popup';
import { usePatientRatings } from '../api/get-patient-ratings';
import styles from './rate-visit-button.module.css';
import { isVisitRated } from './visit-rating';

/** Opens the rating popup for one visit (the id goes to session storage first). */
export function RateVisitButton({ appointmentId, children }: { appointmentId: number; children: ReactNode }) {
  return (
    <Button variant="secondary" className={styles.rate} onClick={() => openRatingPopup(appointmentId)}>
      {children}
    </Button>
  );
}

interface RateIfUnratedProps {
  patientId: number;
  appointmentId: number;
  /** The visit's date as the row shows it, so the button's name says which visit. */
  dateText: string;
}

/**
 * 'Rate' for a row of the appointments table: shown once the patient's ratings are known and none says
 * this Completed visit was rated (a Completed visit is the caller's to check).
 */
export function RateIfUnrated({ patientId, appointmentId, dateText }: RateIfUnratedProps) {
  const ratings = usePatientRatings(patientId);
  if (!ratings.data || isVisitRated(ratings.data, appointmentId)) return null;
  return (
    <RateVisitButton appointmentId={appointmentId}>
      Rate<span className="visually-hidden"> the visit of {dateText}</span>
    </RateVisitButton>
  );
}
