import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Lightbox, wrapIndex } from './lightbox';

const IMAGES = ['a', 'b', 'c'].map((n) => ({
  src: `/images/office/${n}.png`,
  alt: `photo ${n}`,
  fallback: '/d.png',
}));

function Harness({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <Lightbox
      images={IMAGES}
      index={index}
      onIndexChange={setIndex}
      onClose={() => setIndex(null)}
      label="Denver"
    />
  );
}

const shown = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('wrapIndex', () => {
  it.each([
    [0, 3, 0],
    [3, 3, 0],
    [-1, 3, 2],
    [-4, 3, 2],
    [7, 3, 1],
    [0, 0, 0],
  ])('wrapIndex(%i, %i) is %i', (index, length, expected) => {
    expect(wrapIndex(index, length)).toBe(expected);
  });
});

describe('Lightbox', () => {
  it('moves with Previous and Next and wraps around at both ends', () => {
    render(<Harness />);
    expect(shown()).toBe('Denver, photo 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toBe('Denver, photo 3 of 3');
    expect(screen.getByRole('img')).toHaveAttribute('src', '/images/office/c.png');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toBe('Denver, photo 1 of 3');
  });

  it('moves with the arrow keys', () => {
    render(<Harness start={2} />);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(shown()).toBe('Denver, photo 1 of 3');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(shown()).toBe('Denver, photo 3 of 3');
  });

  it('closes with its close button', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
