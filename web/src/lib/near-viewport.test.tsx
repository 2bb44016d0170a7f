import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNearViewport } from './near-viewport';

// The browser's observer, played by the test: it says when the element comes near the window.
let reportNear: (() => void) | null = null;
let observed: Element | null = null;
class TestObserver {
  readonly #callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element) {
    observed = target;
    reportNear = () =>
      this.#callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  unobserve() {}
  disconnect() {
    reportNear = null;
  }
  takeRecords() {
    return [];
  }
}

const inViewObserver = window.IntersectionObserver;
afterEach(() => {
  window.IntersectionObserver = inViewObserver;
  reportNear = null;
  observed = null;
});

function Part() {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  it('is false until the element comes near the window, then stays true', async () => {
    window.IntersectionObserver = TestObserver as unknown as typeof IntersectionObserver;
    render(<Part />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observed).toBe(screen.getByText('far'));
    act(() => reportNear?.());
    expect(screen.getByText('near')).toBeInTheDocument();
    // It stops watching: nothing reports any more.
    expect(reportNear).toBeNull();
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    window.IntersectionObserver = undefined as unknown as typeof IntersectionObserver;
    render(<Part />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
