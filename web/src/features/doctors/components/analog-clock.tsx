import { useEffect, useState } from 'react';
import styles from './analog-clock.module.css';

const TICKS = Array.from({ length: 12 }, (_, i) => i);

/** The time now, refreshed every second. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function formatClockTime(date: Date): string {
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** An analog clock face (spec §2 Doctor dashboard) with the time also in words for everyone. */
export function AnalogClock({ now }: { now: Date }) {
  const seconds = now.getSeconds();
  const minutes = now.getMinutes() + seconds / 60;
  const hours = (now.getHours() % 12) + minutes / 60;
  return (
    <figure className={styles.clock}>
      <svg
        viewBox="0 0 200 200"
        className={styles.face}
        role="img"
        aria-label={`Current time ${formatClockTime(now)}`}
      >
        <circle cx="100" cy="100" r="94" className={styles.rim} />
        {TICKS.map((tick) => (
          <line
            key={tick}
            x1="100"
            y1="14"
            x2="100"
            y2={tick % 3 === 0 ? 30 : 24}
            className={tick % 3 === 0 ? styles.majorTick : styles.tick}
            transform={`rotate(${tick * 30} 100 100)`}
          />
        ))}
        {[
          { className: styles.hourHand, from: 100, to: 52, degrees: hours * 30 },
          { className: styles.minuteHand, from: 100, to: 34, degrees: minutes * 6 },
          { className: styles.secondHand, from: 112, to: 28, degrees: seconds * 6 },
        ].map((hand) => (
          <line
            key={hand.className}
            x1="100"
            y1={hand.from}
            x2="100"
            y2={hand.to}
            className={hand.className}
            transform={`rotate(${hand.degrees} 100 100)`}
          />
        ))}
        <circle cx="100" cy="100" r="5" className={styles.pin} />
      </svg>
      <figcaption className={styles.digital} aria-hidden="true">
        {formatClockTime(now)}
      </figcaption>
    </figure>
  );
}
