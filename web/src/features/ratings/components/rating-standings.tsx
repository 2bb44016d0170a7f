import { RATING_MAX, RATING_MIN } from '@clinic/contract/constants';
import type { RatingStanding } from '@clinic/contract/ratings';
import table from '../../../components/data-table.module.css';
import { Sparkline } from '../../../components/sparkline';
import styles from './rating-standings.module.css';
import { averageText, monthLabel, ratingsCount } from './rating-text';

interface RatingStandingsProps {
  /** 'Doctors' or 'Offices'. */
  title: string;
  /** 'Doctor' or 'Office', the first column's header. */
  nameLabel: string;
  standings: readonly RatingStanding[];
}

/**
 * Averages of the filtered ratings per doctor (or office), lowest first so that whoever is slipping
 * shows at the top, each with its monthly trend.
 */
export function RatingStandings({ title, nameLabel, standings }: RatingStandingsProps) {
  const rows = [...standings].sort((a, b) => a.average - b.average || a.name.localeCompare(b.name));
  return (
    <section className={styles.standings} aria-label={`${title} by average rating`}>
      <h3 className={styles.title}>{title}</h3>
      {rows.length === 0 ? (
        <p className={styles.empty}>No ratings for these filters.</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">{title}, lowest average first</caption>
          <thead>
            <tr>
              <th scope="col">{nameLabel}</th>
              <th scope="col">Average</th>
              <th scope="col">Ratings</th>
              <th scope="col">Trend</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((standing) => (
              <tr key={standing.id}>
                <td data-label={nameLabel}>{standing.name}</td>
                <td data-label="Average" className={styles.average}>
                  {averageText(standing.average)}/10
                </td>
                <td data-label="Ratings">{ratingsCount(standing.count)}</td>
                <td data-label="Trend">
                  <Sparkline
                    label="Average by month"
                    min={RATING_MIN}
                    max={RATING_MAX}
                    format={averageText}
                    points={standing.months.map((m, i) => ({
                      label: monthLabel(m.month, i === 0),
                      value: m.average,
                    }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
