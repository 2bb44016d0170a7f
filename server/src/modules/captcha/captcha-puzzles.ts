import { randomInt } from 'node:crypto';
import { CAPTCHA_DEFAULT_HINT, CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '@clinic/contract/constants';

/**
 * The three captcha kinds of spec §7 and §9 as pure data: what the server keeps as the answer (never sent
 * to the client), what the client is told, and the tolerance a solution is checked with.
 */
export type CaptchaType = 'rotate' | 'slider' | 'click';

export const CLICK_SHAPES = ['circle', 'square', 'triangle', 'star'] as const;
export type ClickShape = (typeof CLICK_SHAPES)[number];

/** rotate: the angle (0-359, clockwise) that turns the picture upright; it is drawn turned by 360 - angle. */
export interface RotateAnswer {
  angle: number;
}
/** slider: the left edge of the gap, and where the piece travels (its top and size are not secret). */
export interface SliderAnswer {
  x: number;
  y: number;
  size: number;
}
/** click: the centre of the one shape of its kind. */
export interface ClickAnswer {
  x: number;
  y: number;
  shape: ClickShape;
}
export type CaptchaAnswer = RotateAnswer | SliderAnswer | ClickAnswer;

export const TOLERANCE = { rotateDegrees: 15, sliderPx: 8, clickPx: 20 } as const;
export const SLIDER_PIECE_SIZE = 44;
const CLICK_MARGIN = 28;

type RandomInt = (min: number, max: number) => number;

export function newAnswer(type: 'rotate', random?: RandomInt): RotateAnswer;
export function newAnswer(type: 'slider', random?: RandomInt): SliderAnswer;
export function newAnswer(type: 'click', random?: RandomInt): ClickAnswer;
export function newAnswer(type: CaptchaType, random?: RandomInt): CaptchaAnswer;
export function newAnswer(type: CaptchaType, random: RandomInt = randomInt): CaptchaAnswer {
  switch (type) {
    case 'rotate':
      // Never close to upright already: at least 40 degrees off either way.
      return { angle: random(40, 321) } satisfies RotateAnswer;
    case 'slider':
      return {
        x: random(96, CAPTCHA_WIDTH - SLIDER_PIECE_SIZE - 12 + 1),
        y: random(20, CAPTCHA_HEIGHT - SLIDER_PIECE_SIZE - 20 + 1),
        size: SLIDER_PIECE_SIZE,
      } satisfies SliderAnswer;
    case 'click':
      return {
        x: random(CLICK_MARGIN, CAPTCHA_WIDTH - CLICK_MARGIN + 1),
        y: random(CLICK_MARGIN, CAPTCHA_HEIGHT - CLICK_MARGIN + 1),
        shape: CLICK_SHAPES[random(0, CLICK_SHAPES.length)] as ClickShape,
      } satisfies ClickAnswer;
  }
}

export function hintFor(type: CaptchaType, answer: CaptchaAnswer): string {
  switch (type) {
    case 'rotate':
      return CAPTCHA_DEFAULT_HINT;
    case 'slider':
      return 'Slide the piece into the gap';
    case 'click':
      return `Click the ${(answer as ClickAnswer).shape}`;
  }
}

export interface Solution {
  angle?: number | undefined;
  x?: number | undefined;
  y?: number | undefined;
}

/** The field a kind needs, or null when the solution carries it. */
export function missingField(type: CaptchaType, solution: Solution): string | null {
  if (type === 'rotate') return solution.angle === undefined ? 'angle' : null;
  if (solution.x === undefined) return 'x';
  if (type === 'click' && solution.y === undefined) return 'y';
  return null;
}

/** Degrees between two angles the short way round (0-180). */
export function angularDistance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
}

export function isSolved(type: CaptchaType, answer: CaptchaAnswer, solution: Solution): boolean {
  switch (type) {
    case 'rotate':
      return (
        solution.angle !== undefined &&
        angularDistance(solution.angle, (answer as RotateAnswer).angle) <= TOLERANCE.rotateDegrees
      );
    case 'slider':
      return (
        solution.x !== undefined && Math.abs(solution.x - (answer as SliderAnswer).x) <= TOLERANCE.sliderPx
      );
    case 'click': {
      const { x, y } = answer as ClickAnswer;
      if (solution.x === undefined || solution.y === undefined) return false;
      return Math.hypot(solution.x - x, solution.y - y) <= TOLERANCE.clickPx;
    }
  }
}
