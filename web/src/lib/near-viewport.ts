import { type RefObject, useEffect, useRef, useState } from 'react';

/** How far beyond the window an element counts as near: its data loads while it scrolls in. */
const NEAR_MARGIN = '600px 0px';

/**
 * Whether the element at `ref` has come within NEAR_MARGIN of the window (and stays true from then on), so
 * that a long page loads each part's data as the visitor reaches it: the office list's cards each read their
 * week of hours, a hundred requests at once on a network of a hundred offices. True at once where the
 * browser has no IntersectionObserver.
 */
export function useNearViewport<T extends Element>(): { ref: RefObject<T | null>; near: boolean } {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
