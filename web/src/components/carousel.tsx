import { type CSSProperties, type FocusEvent, type ReactNode, useId, useLayoutEffect, useState } from 'react';
import styles from './carousel.module.css';

export interface CarouselSlide {
  key: string | number;
  /** Names the slide for the dots ('Show slide 2 of 4: <name>'). */
  name: string;
  content: ReactNode;
}

interface CarouselProps {
  /** Names the carousel region ('Promotions'). */
  label: string;
  slides: readonly CarouselSlide[];
  /**
   * Time each slide stays before the next one, while playing. Leave out for a carousel that moves only by
   * hand (records to read or edit): it never plays and has no pause/play button.
   */
  autoplayMs?: number;
  /** Length of the cross-fade between slides. */
  transitionMs: number;
  className?: string;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * One slide at a time, cross-fading (WAI-ARIA carousel pattern). With autoplayMs it plays by itself and
 * loops, and pauses while the pointer is over it or keyboard focus is inside it; a pause/play button stops
 * it for good. With reduced motion it does not start playing (the button can still start it). Without
 * autoplayMs it only moves by hand (records to read or edit). Previous/next arrows (hidden on narrow
 * screens by CSS) and one dot per slide move by hand. Slides that are not shown are inert, and the visible
 * slide is announced only while rotation is stopped.
 */
export function Carousel({ label, slides, autoplayMs, transitionMs, className }: CarouselProps) {
  const id = useId();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  const autoplay = autoplayMs !== undefined;
  const rotating = autoplay && playing && !hovered && !focused && count > 1;

  // One timer per shown slide: moving by hand restarts the full interval. Armed as the slide is shown (a
  // layout effect), not a frame later, so that the interval is the same whatever the renderer's scheduling.
  useLayoutEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setTimeout(() => setIndex((current + 1) % count), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [rotating, autoplayMs, count, current]);

  if (count === 0) return null;

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={[styles.carousel, className ?? ''].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      style={{ '--carousel-transition': `${transitionMs}ms` } as CSSProperties}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-rotating={rotating}
    >
      {count > 1 && autoplay ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.playButton}
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing ? 'Stop automatic slide show' : 'Start automatic slide show'}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              {playing ? (
                <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
              ) : (
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              )}
            </svg>
          </button>
        </div>
      ) : null}

      <div className={styles.viewport}>
        <div id={`${id}-slides`} className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, i) => {
            const shown = i === current;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group.
              <div
                key={slide.key}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                data-active={shown}
                aria-hidden={!shown}
                inert={!shown}
              >
                {slide.content}
              </div>
            );
          })}
        </div>

        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.previous}`}
              aria-controls={`${id}-slides`}
              aria-label="Previous slide"
              onClick={() => go(current - 1)}
            >
              <svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              aria-controls={`${id}-slides`}
              aria-label="Next slide"
              onClick={() => go(current + 1)}
            >
              <svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <div className={styles.dots}>
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className={styles.dot}
              aria-controls={`${id}-slides`}
              aria-label={`Show slide ${i + 1} of ${count}: ${slide.name}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
