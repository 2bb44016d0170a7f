import { describe, expect, it } from 'vitest';
import { isContentImageUrl, splitContentImages, titleSlug } from './content-rules';

describe('titleSlug', () => {
  it('keeps only a-z, 0-9 and single hyphens, in lower case', () => {
    expect(titleSlug('Knee Strength After ACL Surgery: Weeks 2 to 6')).toBe(
      'knee-strength-after-acl-surgery-weeks-2-to-6',
    );
    expect(titleSlug('  Hip & Back -- Pain!! ')).toBe('hip-back-pain');
    expect(titleSlug('Café Crème')).toBe('cafe-creme');
    expect(titleSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(titleSlug('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(titleSlug('')).toBe('');
    expect(titleSlug('!!!')).toBe('');
    expect(titleSlug('日本語')).toBe('');
  });

  it('always matches the allowed alphabet', () => {
    for (const title of ['A_B', 'x\ty\nz', 'Ω omega', '100% Better', 'UPPER lower 123']) {
      expect(titleSlug(title)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
    }
  });
});

describe('content images', () => {
  it('accepts /images/ paths and http(s) URLs only', () => {
    expect(isContentImageUrl('/images/content/knee-1.png')).toBe(true);
    expect(isContentImageUrl('https://cdn.example.com/a.jpg')).toBe(true);
    expect(isContentImageUrl('http://cdn.example.com/a.jpg')).toBe(true);
    for (const bad of [
      'knee.png',
      '/other/knee.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/images/../secret',
      '//evil.example/a.png',
      'https://a.example/"onerror="x',
    ]) {
      expect(isContentImageUrl(bad), bad).toBe(false);
    }
  });

  it('splits a comma-separated list, dropping blanks', () => {
    expect(splitContentImages(' /images/content/a.png, ,/images/content/b.png,')).toEqual([
      '/images/content/a.png',
      '/images/content/b.png',
    ]);
    expect(splitContentImages('')).toEqual([]);
    expect(splitContentImages(null)).toEqual([]);
  });
});
