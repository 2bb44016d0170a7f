import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FallbackImage } from './fallback-image';

describe('FallbackImage', () => {
  it('shows its picture, and the fallback once the picture fails to load', () => {
    render(<FallbackImage src="/images/doctor/maya.png" fallback="/images/doctor/default.jpg" alt="Maya" />);
    const img = screen.getByRole('img', { name: 'Maya' });
    expect(img.getAttribute('src')).toBe('/images/doctor/maya.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/doctor/default.jpg');
    // A broken fallback does not loop.
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/doctor/default.jpg');
  });

  it('uses the fallback for an empty source', () => {
    render(<FallbackImage src="" fallback="/images/insurance/default.jpg" alt="" />);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/images/insurance/default.jpg');
  });
});
