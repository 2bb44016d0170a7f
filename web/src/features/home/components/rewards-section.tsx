import {
  POINTS_PER_COMPLETED_APPOINTMENT,
  POINTS_PER_RATING,
  WELCOME_POINTS,
} from '@clinic/contract/constants';
import styles from '../pages/home-page.module.css';

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** The rewards programme text and the note on new accounts (spec §2 Home, §9). */
export function RewardsSection() {
  return (
    <section className={`${styles.section} ${styles.rewards}`} aria-labelledby="rewards-title">
      <h2 id="rewards-title">Rewards for showing up for yourself</h2>
      <p>
        Every patient earns reward points: {points(POINTS_PER_COMPLETED_APPOINTMENT)} for each completed
        appointment, plus {points(POINTS_PER_RATING)} when you complete the rating for that visit, and a{' '}
        {WELCOME_POINTS}-point welcome bonus when you register. Trade them in the Rewards shop for massage and
        acupuncture vouchers, exercise gear and more. Points are non-transferable and have no cash value.
      </p>
      <p className={styles.note}>
        <strong>New patient?</strong> After you register, your account data may take 2 to 48 hours to load.
      </p>
    </section>
  );
}
