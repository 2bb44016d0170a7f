import styles from './sparkline.module.css';

export interface SparklinePoint {
  /** What the text alternative calls the point, e.g. 'Jan'. */
  label: string;
  value: number;
}

interface SparklineProps {
  points: readonly SparklinePoint[];
  /** The values at the bottom and top edge (e.g. 1 and 10 for ratings), so that lines side by side compare. */
  min: number;
  max: number;
  /** Opens the text alternative, e.g. 'Average by month'. */
  label: string;
  format?: (value: number) => string;
  width?: number;
  height?: number;
}

/** Room around the line so the dots at the edges are not cut. */
const PAD = 3;

/** The points' positions in a width x height box, left to right, higher values higher up. */
export function sparklineCoordinates(
  points: readonly SparklinePoint[],
  { min, max, width, height }: { min: number; max: number; width: number; height: number },
): { x: number; y: number }[] {
  const span = max - min || 1;
  const step = points.length > 1 ? (width - 2 * PAD) / (points.length - 1) : 0;
  return points.map((point, i) => {
    const share = (Math.min(Math.max(point.value, min), max) - min) / span;
    const x = points.length > 1 ? PAD + i * step : width / 2;
    const y = PAD + (1 - share) * (height - 2 * PAD);
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  });
}

/**
 * A small trend line drawn in SVG (no chart library): an image whose accessible name reads the values
 * out, e.g. 'Average by month: Jan 8.2, Feb 7.9'. The last point is marked, as the value that matters now.
 */
export function Sparkline({
  points,
  min,
  max,
  label,
  format = String,
  width = 96,
  height = 28,
}: SparklineProps) {
  if (points.length === 0) return <span className={styles.none}>No trend yet</span>;
  const text = `${label}: ${points.map((p) => `${p.label} ${format(p.value)}`).join(', ')}`;
  const coordinates = sparklineCoordinates(points, { min, max, width, height });
  const last = coordinates.at(-1);
  return (
    <svg
      className={styles.sparkline}
      role="img"
      aria-label={text}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
    >
      <title>{text}</title>
      {coordinates.length > 1 ? (
        <polyline className={styles.line} points={coordinates.map(({ x, y }) => `${x},${y}`).join(' ')} />
      ) : null}
      {last ? <circle className={styles.dot} cx={last.x} cy={last.y} r={2.5} /> : null}
    </svg>
  );
}
