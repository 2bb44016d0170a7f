import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, type CarouselSlide } from './carousel';

const SLIDES: CarouselSlide[] = ['Posture', 'Acupuncture', 'Evening hours'].map((name, i) => ({
  key: i,
  name,
  content: <p>{name}</p>,
}));

function shownSlide(): string {
  const groups = screen.getAllByRole('group', { hidden: true });
  const shown = groups.filter((group) => group.getAttribute('aria-hidden') !== 'true');
  expect(shown).toHaveLength(1);
  return `${shown[0]?.getAttribute('aria-label')} ${shown[0]?.textContent}`;
}

function renderCarousel(slides = SLIDES) {
  return render(<Carousel label="Promotions" slides={slides} autoplayMs={6000} transitionMs={800} />);
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled carousel region showing one slide at a time, labelled n of m', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Promotions' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownSlide()).toBe('1 of 3 Posture');
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((s) => s.getAttribute('aria-roledescription'))).toEqual(['slide', 'slide', 'slide']);
    // The slides that are not shown cannot be reached.
    expect(slides[1]).toHaveAttribute('inert');
  });

  it('advances every 6000 ms and loops from the last slide to the first', () => {
    renderCarousel();
    advance(5999);
    expect(shownSlide()).toBe('1 of 3 Posture');
    advance(1);
    expect(shownSlide()).toBe('2 of 3 Acupuncture');
    advance(6000);
    expect(shownSlide()).toBe('3 of 3 Evening hours');
    advance(6000);
    expect(shownSlide()).toBe('1 of 3 Posture');
  });

  it('pauses while the pointer is over it and resumes when it leaves', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Promotions' });
    advance(3000);
    fireEvent.mouseEnter(region);
    advance(20_000);
    expect(shownSlide()).toBe('1 of 3 Posture');
    fireEvent.mouseLeave(region);
    advance(6000);
    expect(shownSlide()).toBe('2 of 3 Acupuncture');
  });

  it('pauses while keyboard focus is inside it', () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    advance(20_000);
    expect(shownSlide()).toBe('1 of 3 Posture');
    act(() => next.blur());
    advance(6000);
    expect(shownSlide()).toBe('2 of 3 Acupuncture');
  });

  it('the pause button stops the rotation until it is pressed again; rotation is announced only when stopped', () => {
    renderCarousel();
    const liveRegion = () => screen.getAllByRole('group', { hidden: true })[0]?.parentElement;
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Start automatic slide show' }));
    advance(30_000);
    expect(shownSlide()).toBe('1 of 3 Posture');
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    advance(6000);
    expect(shownSlide()).toBe('2 of 3 Acupuncture');
  });

  it('arrows and dots move by hand, wrapping at both ends', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toBe('3 of 3 Evening hours');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('1 of 3 Posture');
    const dot = screen.getByRole('button', { name: 'Show slide 2 of 3: Acupuncture' });
    fireEvent.click(dot);
    expect(shownSlide()).toBe('2 of 3 Acupuncture');
    expect(dot).toHaveAttribute('aria-current', 'true');
  });

  it('does not play by itself when reduced motion is asked for', () => {
    mockReducedMotion(true);
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
    advance(30_000);
    expect(shownSlide()).toBe('1 of 3 Posture');
  });

  it('without autoplayMs it moves only by hand: no play button, no rotation, always announced', () => {
    render(<Carousel label="Records" slides={SLIDES} transitionMs={800} />);
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
    advance(30_000);
    expect(shownSlide()).toBe('1 of 3 Posture');
    expect(screen.getAllByRole('group', { hidden: true })[0]?.parentElement).toHaveAttribute(
      'aria-live',
      'polite',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('2 of 3 Acupuncture');
  });

  it('a single slide has no controls and does not rotate; no slides render nothing', () => {
    const { unmount } = renderCarousel(SLIDES.slice(0, 1));
    expect(screen.queryByRole('button')).toBeNull();
    advance(30_000);
    expect(shownSlide()).toBe('1 of 1 Posture');
    unmount();
    const { container } = renderCarousel([]);
    expect(container).toBeEmptyDOMElement();
  });
});
