import type { ReportDay } from '@clinic/contract/reports';
import { useId } from 'react';
import { longDate } from '../../../lib/date-text';
import styles from './visits-chart.module.css';

const HEIGHT = 160;
const BAR_GAP = 2;

const SERIES = [
  { key: 'completed', label: 'Completed', className: 'completed' },
  { key: 'other', label: 'Scheduled or in progress', className: 'other' },
  { key: 'noShow', label: 'No show', className: 'noShow' },
  { key: 'canceled', label: 'Canceled', className: 'canceled' },
] as const;

type SeriesKey = (typeof SERIES)[number]['key'];

function parts(day: ReportDay): Record<SeriesKey, number> {
  return {
    completed: day.completed,
    noShow: day.noShow,
    canceled: day.canceled,
    other: Math.max(0, day.visits - day.completed - day.noShow - day.canceled),
  };
}

/**
 * The range's visits per day as stacked bars (completed, other, no-show, canceled). The figures are also in
 * the table beside it; the chart is a picture of them, described by its title.
 */
export function VisitsChart({ days }: { days: readonly ReportDay[] }) {
  const titleId = useId();
  const max = Math.max(1, ...days.map((d) => d.visits));
  const width = Math.max(days.length * 14, 280);
  const barWidth = width / days.length - BAR_GAP;
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>
          Visits per day from {longDate(days[0]?.date ?? '')} to {longDate(days.at(-1)?.date ?? '')}, at most{' '}
          {max} a day
        </title>
        {days.map((day, index) => {
          const values = parts(day);
          let y = HEIGHT;
          return (
            <g key={day.date}>
              {SERIES.map((series) => {
                const h = (values[series.key] / max) * (HEIGHT - 4);
                y -= h;
                return h > 0 ? (
                  <rect
                    key={series.key}
                    className={styles[series.className]}
                    x={index * (barWidth + BAR_GAP)}
                    y={y}
                    width={barWidth}
                    height={h}
                  />
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        {SERIES.map((series) => (
          <span key={series.key}>
            <span className={`${styles.swatch} ${styles[series.className]}`} aria-hidden="true" />
            {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
