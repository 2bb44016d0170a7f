import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sparkline, sparklineCoordinates } from './sparkline';

const POINTS = [
  { label: 'Jan', value: 8.2 },
  { label: 'Feb', value: 7.9 },
  { label: 'Mar', value: 10 },
];

describe('Sparkline', () => {
  it('is an image whose name reads every value out', () => {
    render(
      <Sparkline points={POINTS} min={1} max={10} label="Average by month" format={(v) => v.toFixed(1)} />,
    );
    const image = screen.getByRole('img', { name: 'Average by month: Jan 8.2, Feb 7.9, Mar 10.0' });
    expect(image.tagName.toLowerCase()).toBe('svg');
  });

  it('draws one line through the points, the last one marked', () => {
    render(<Sparkline points={POINTS} min={1} max={10} label="Average by month" width={96} height={28} />);
    expect(screen.getByRole('img').querySelector('polyline')).toHaveAttribute('points', '3,7.4 48,8.1 93,3');
    const dot = screen.getByRole('img').querySelector('circle');
    expect(dot).toHaveAttribute('cx', '93');
    expect(dot).toHaveAttribute('cy', '3');
  });

  it('places values by the given range: the minimum at the bottom, the maximum at the top, beyond clamped', () => {
    const box = { min: 1, max: 10, width: 50, height: 20 };
    expect(
      sparklineCoordinates(
        [
          { label: 'a', value: 1 },
          { label: 'b', value: 10 },
          { label: 'c', value: 100 },
        ],
        box,
      ),
    ).toEqual([
      { x: 3, y: 17 },
      { x: 25, y: 3 },
      { x: 47, y: 3 },
    ]);
  });

  it('one point is a dot in the middle; no points say there is no trend yet', () => {
    const { unmount } = render(
      <Sparkline points={[{ label: 'Jan', value: 5.5 }]} min={1} max={10} label="Average by month" />,
    );
    expect(screen.getByRole('img', { name: 'Average by month: Jan 5.5' })).toBeInTheDocument();
    expect(screen.getByRole('img').querySelector('polyline')).toBeNull();
    unmount();
    render(<Sparkline points={[]} min={1} max={10} label="Average by month" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('No trend yet')).toBeInTheDocument();
  });
});
