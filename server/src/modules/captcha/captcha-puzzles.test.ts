import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '@clinic/contract/constants';
import { describe, expect, it } from 'vitest';
import { angularDistance, hintFor, isSolved, missingField, newAnswer, TOLERANCE } from './captcha-puzzles';

describe('captcha puzzles', () => {
  it('measures angles the short way round', () => {
    expect(angularDistance(350, 10)).toBe(20);
    expect(angularDistance(10, 350)).toBe(20);
    expect(angularDistance(180, 0)).toBe(180);
    expect(angularDistance(725, 5)).toBe(0);
  });

  it('accepts a rotation within ±15° and refuses one outside, across 0/360', () => {
    const answer = { angle: 5 };
    expect(isSolved('rotate', answer, { angle: 5 + TOLERANCE.rotateDegrees })).toBe(true);
    expect(isSolved('rotate', answer, { angle: 350 })).toBe(true);
    expect(isSolved('rotate', answer, { angle: 349 })).toBe(false);
    expect(isSolved('rotate', answer, { angle: 21 })).toBe(false);
    expect(isSolved('rotate', answer, {})).toBe(false);
  });

  it('accepts a slider within ±8 px only', () => {
    const answer = { x: 150, y: 40, size: 44 };
    expect(isSolved('slider', answer, { x: 142 })).toBe(true);
    expect(isSolved('slider', answer, { x: 158 })).toBe(true);
    expect(isSolved('slider', answer, { x: 141 })).toBe(false);
    expect(isSolved('slider', answer, { x: 159 })).toBe(false);
  });

  it('accepts a click within 20 px of the target only', () => {
    const answer = { x: 100, y: 100, shape: 'star' as const };
    expect(isSolved('click', answer, { x: 112, y: 116 })).toBe(true);
    expect(isSolved('click', answer, { x: 115, y: 115 })).toBe(false);
    expect(isSolved('click', answer, { x: 100 })).toBe(false);
  });

  it('names the field a kind needs', () => {
    expect(missingField('rotate', { x: 1 })).toBe('angle');
    expect(missingField('slider', { angle: 1 })).toBe('x');
    expect(missingField('click', { x: 1 })).toBe('y');
    expect(missingField('click', { x: 1, y: 2 })).toBeNull();
  });

  it('draws answers inside the picture, and rotations never near upright', () => {
    for (let i = 0; i < 300; i += 1) {
      const rotate = newAnswer('rotate');
      expect(angularDistance(rotate.angle, 0)).toBeGreaterThanOrEqual(40);
      const slider = newAnswer('slider');
      expect(slider.x + slider.size).toBeLessThanOrEqual(CAPTCHA_WIDTH);
      expect(slider.y + slider.size).toBeLessThanOrEqual(CAPTCHA_HEIGHT);
      const click = newAnswer('click');
      expect(click.x).toBeGreaterThan(0);
      expect(click.x).toBeLessThan(CAPTCHA_WIDTH);
      expect(click.y).toBeLessThan(CAPTCHA_HEIGHT);
    }
  });

  it('hints: the spec default for rotate, the target shape for click', () => {
    expect(hintFor('rotate', { angle: 90 })).toBe('Rotate upright');
    expect(hintFor('click', { x: 1, y: 1, shape: 'triangle' })).toBe('Click the triangle');
    expect(hintFor('slider', { x: 1, y: 1, size: 44 })).toMatch(/slide/i);
  });
});
