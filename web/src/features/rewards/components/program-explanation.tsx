import {
  POINTS_PER_COMPLETED_APPOINTMENT,
  POINTS_PER_RATING,
  WELCOME_POINTS,
} from '@clinic/contract/constants';
import styles from './program-explanation.module.css';

/** How the rewards program works (spec §2 Rewards, §9 Points). */
export function ProgramExplanation() {
  return (
    <section className={styles.box} aria-labelledby="program-title">
      <h2 id="program-title" className={styles.title}>
        How the rewards program works
      </h2>
      <ul className={styles.list}>
        <li>{WELCOME_POINTS} welcome points when you register.</li>
        <li>
          {POINTS_PER_COMPLETED_APPOINTMENT} point for each completed visit, and {POINTS_PER_RATING} more when
          you rate it.
        </li>
        <li>Spend your points on the rewards below; a reward costs the points shown on it.</li>
      </ul>
      <p className={styles.note}>
        Points are non-transferable and have no cash value. After you register, your account data may take 2
        to 48 hours to load.
      </p>
    </section>
  );
}
