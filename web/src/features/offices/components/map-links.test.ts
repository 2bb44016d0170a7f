import { describe, expect, it } from 'vitest';
import { mapEmbedUrl, mapSearchUrl, timeZoneName } from './map-links';

describe('map links', () => {
  it('encode the address for the embed and for the search link', () => {
    const address = '1804 S Congress Ave, Suite 200, Austin, TX 78704';
    expect(mapEmbedUrl(address)).toBe(
      'https://www.google.com/maps?q=1804%20S%20Congress%20Ave%2C%20Suite%20200%2C%20Austin%2C%20TX%2078704&output=embed',
    );
    expect(mapSearchUrl(' 1 Main St & 2nd ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20Main%20St%20%26%202nd',
    );
  });

  it('names a time zone as it is at that moment, and survives an unknown one', () => {
    expect(timeZoneName('America/Denver', new Date('2026-01-15T12:00:00Z'))).toBe('Mountain Standard Time');
    expect(timeZoneName('America/Denver', new Date('2026-07-15T12:00:00Z'))).toBe('Mountain Daylight Time');
    expect(timeZoneName('Nowhere/Land')).toBe('Nowhere/Land');
  });
});
