import { createHash } from 'node:crypto';
import { CAPTCHA_HEIGHT as H, CAPTCHA_WIDTH as W } from '@clinic/contract/constants';
import sharp from 'sharp';
import {
  type CaptchaAnswer,
  type CaptchaType,
  CLICK_SHAPES,
  type ClickAnswer,
  type ClickShape,
  type RotateAnswer,
  type SliderAnswer,
} from './captcha-puzzles';

/**
 * Draws a challenge's picture as SVG and renders it to PNG with sharp. The scenery comes from a generator
 * seeded by the challenge id, so every request for one challenge gets the same picture; the answer decides
 * where the thing to find is. Nothing here is sent except the PNG.
 */
export async function renderChallengePng(
  id: string,
  type: CaptchaType,
  answer: CaptchaAnswer,
): Promise<Buffer> {
  return sharp(Buffer.from(challengeSvg(id, type, answer)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export function challengeSvg(id: string, type: CaptchaType, answer: CaptchaAnswer): string {
  const random = seededRandom(id);
  switch (type) {
    case 'rotate':
      return rotateSvg(answer as RotateAnswer, random);
    case 'slider':
      return sliderSvg(answer as SliderAnswer, random);
    case 'click':
      return clickSvg(answer as ClickAnswer, random);
  }
}

type Random = () => number;

/** mulberry32 over the first 32 bits of sha256(id): small, fast and good enough for scenery. */
function seededRandom(id: string): Random {
  let state = createHash('sha256').update(id).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

const PALETTE = ['#0b5560', '#a8471f', '#2f6fb0', '#6b4fa0', '#1b6e3a', '#b7791f', '#b42318'];

/** A round picture with a clear up (sky, sun, house, ground), turned away from upright; outside is clear. */
function rotateSvg(answer: RotateAnswer, random: Random): string {
  const cx = W / 2;
  const cy = H / 2;
  const r = 84;
  const drawn = (360 - answer.angle) % 360;
  const sunX = cx + between(random, -50, -25);
  const houseX = cx + between(random, -30, 0);
  const treeX = cx + between(random, 28, 48);
  const roof = pick(random, ['#a8471f', '#8a3a17', '#b42318']);
  const wall = pick(random, ['#f4e3c1', '#e9d8b4', '#f1efe6']);
  const clouds = Array.from({ length: 2 }, () => {
    const x = cx + between(random, -40, 45);
    const y = cy + between(random, -62, -42);
    return `<ellipse cx="${x}" cy="${y}" rx="16" ry="7" fill="#ffffff" opacity="0.9"/><ellipse cx="${x + 10}" cy="${y - 5}" rx="10" ry="7" fill="#ffffff" opacity="0.9"/>`;
  }).join('');
  const ground = cy + 22;
  return svg(`
    <defs>
      <clipPath id="round"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#7fb8e6"/><stop offset="1" stop-color="#d4ecfb"/>
      </linearGradient>
    </defs>
    <g transform="rotate(${drawn} ${cx} ${cy})">
      <g clip-path="url(#round)">
        <rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" fill="url(#sky)"/>
        <circle cx="${sunX}" cy="${cy - 48}" r="13" fill="#ffd166"/>
        ${clouds}
        <path d="M${cx - r} ${ground} Q ${cx - 20} ${ground - 12} ${cx + r} ${ground - 4} V ${cy + r} H ${cx - r} Z" fill="#4f9a4a"/>
        <rect x="${cx - r}" y="${ground + 18}" width="${2 * r}" height="${r}" fill="#3d7f3a"/>
        <rect x="${houseX - 22}" y="${ground - 30}" width="44" height="34" fill="${wall}" stroke="#5b4a36" stroke-width="1.5"/>
        <path d="M${houseX - 28} ${ground - 29} L ${houseX} ${ground - 56} L ${houseX + 28} ${ground - 29} Z" fill="${roof}"/>
        <rect x="${houseX - 6}" y="${ground - 16}" width="12" height="20" fill="#5b4a36"/>
        <rect x="${houseX + 9}" y="${ground - 24}" width="9" height="9" fill="#7fb8e6" stroke="#5b4a36"/>
        <rect x="${treeX - 3}" y="${ground - 20}" width="6" height="22" fill="#6b4a2b"/>
        <circle cx="${treeX}" cy="${ground - 30}" r="14" fill="#2f7a3a"/>
      </g>
      <circle cx="${cx}" cy="${cy}" r="${r - 1}" fill="none" stroke="#ffffff" stroke-width="2"/>
    </g>`);
}

function landscape(random: Random): string {
  const hills = Array.from({ length: 3 }, (_, i) => {
    const base = H - 30 + i * 12;
    const peak = base - between(random, 30, 70);
    const px = between(random, 40, W - 40);
    const color = ['#8fbf7a', '#6fa85f', '#4f8f4a'][i];
    return `<path d="M0 ${base} Q ${px} ${peak} ${W} ${base - between(random, 0, 25)} V ${H} H 0 Z" fill="${color}"/>`;
  }).join('');
  const dots = Array.from({ length: 14 }, () => {
    const color = pick(random, ['#ffffff', '#ffd166', '#f4a261', '#e9c46a']);
    return `<circle cx="${between(random, 0, W)}" cy="${between(random, 0, H)}" r="${between(random, 2, 7)}" fill="${color}" opacity="0.55"/>`;
  }).join('');
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#9cc9ec"/><stop offset="1" stop-color="#e8f3fb"/>
    </linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="${between(random, 40, W - 40)}" cy="${between(random, 20, 50)}" r="18" fill="#ffd166"/>
    ${hills}${dots}`;
}

/** A landscape with a square gap where the piece belongs. */
function sliderSvg(answer: SliderAnswer, random: Random): string {
  const { x, y, size } = answer;
  return svg(`${landscape(random)}
    <rect x="${x}" y="${y}" width="${size}" height="${size}" rx="6" fill="#1f2a30" opacity="0.55"/>
    <rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" rx="6" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="5 3"/>`);
}

function shapeSvg(shape: ClickShape, x: number, y: number, color: string, turn: number): string {
  const s = 17;
  const common = `fill="${color}" stroke="#ffffff" stroke-width="2.5"`;
  switch (shape) {
    case 'circle':
      return `<circle cx="${x}" cy="${y}" r="${s}" ${common}/>`;
    case 'square':
      return `<rect x="${x - s + 2}" y="${y - s + 2}" width="${2 * s - 4}" height="${2 * s - 4}" rx="3" transform="rotate(${turn} ${x} ${y})" ${common}/>`;
    case 'triangle':
      return `<path d="M${x} ${y - s - 2} L ${x + s + 2} ${y + s - 2} L ${x - s - 2} ${y + s - 2} Z" transform="rotate(${turn} ${x} ${y})" ${common}/>`;
    case 'star': {
      const points = Array.from({ length: 10 }, (_, i) => {
        const radius = i % 2 === 0 ? s + 3 : (s + 3) * 0.45;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(x + radius * Math.cos(a)).toFixed(1)},${(y + radius * Math.sin(a)).toFixed(1)}`;
      }).join(' ');
      return `<polygon points="${points}" transform="rotate(${turn} ${x} ${y})" ${common}/>`;
    }
  }
}

/** One shape of the asked kind among shapes of the other kinds, none overlapping. */
function clickSvg(answer: ClickAnswer, random: Random): string {
  const others = CLICK_SHAPES.filter((shape) => shape !== answer.shape);
  const placed: Array<{ x: number; y: number }> = [{ x: answer.x, y: answer.y }];
  const shapes = [
    shapeSvg(answer.shape, answer.x, answer.y, pick(random, PALETTE), between(random, -20, 20)),
  ];
  for (let tries = 0; tries < 400 && placed.length < 7; tries += 1) {
    const x = between(random, 26, W - 26);
    const y = between(random, 26, H - 26);
    if (placed.some((p) => Math.hypot(p.x - x, p.y - y) < 52)) continue;
    placed.push({ x, y });
    shapes.push(shapeSvg(pick(random, others), x, y, pick(random, PALETTE), between(random, -20, 20)));
  }
  const grid = Array.from({ length: 9 }, (_, i) => `<path d="M${(i + 1) * 32} 0 V ${H}" stroke="#d5dde1"/>`)
    .concat(Array.from({ length: 5 }, (_, i) => `<path d="M0 ${(i + 1) * 30} H ${W}" stroke="#d5dde1"/>`))
    .join('');
  return svg(`<rect width="${W}" height="${H}" fill="#f4f7f7"/>${grid}${shapes.join('')}`);
}
