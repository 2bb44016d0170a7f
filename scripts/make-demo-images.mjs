// Makes the demo data's pictures and the designed default pictures (issue 14): flat SVG illustrations in the
// brand's colours, drawn here and rendered with sharp to compressed WebP (the defaults keep the spec's PNG and
// JPEG paths). The output is committed; run again after changing a drawing: node scripts/make-demo-images.mjs
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const sharp = require('sharp');
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'web', 'public', 'images');

const C = {
  teal: '#0b5560',
  tealDeep: '#073b42',
  tealMid: '#2f7f86',
  tealSoft: '#e6f2f2',
  tealTint: '#d7e7e8',
  sand: '#f4ede4',
  sun: '#e8a33d',
  coral: '#d9735a',
  sage: '#9cc3a8',
  sky: '#cfe6ea',
  ink: '#1d2b33',
  white: '#ffffff',
};

const svg = (w, h, body, bg = C.tealSoft) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  `<rect width="${w}" height="${h}" fill="${bg}"/>${body}</svg>`;

/** Soft hills and a sun: the backdrop of the outdoor scenes. */
const hills = (w, h, sky = C.sky) =>
  `<rect width="${w}" height="${h}" fill="${sky}"/>` +
  `<circle cx="${w * 0.82}" cy="${h * 0.26}" r="${h * 0.11}" fill="${C.sun}" opacity="0.9"/>` +
  `<path d="M0 ${h * 0.72} Q ${w * 0.25} ${h * 0.52} ${w * 0.5} ${h * 0.68} T ${w} ${h * 0.6} V ${h} H 0 Z" fill="${C.sage}"/>` +
  `<path d="M0 ${h * 0.82} Q ${w * 0.35} ${h * 0.68} ${w * 0.7} ${h * 0.8} T ${w} ${h * 0.76} V ${h} H 0 Z" fill="${C.tealMid}" opacity="0.55"/>`;

/** A person sitting or standing, drawn from simple shapes. */
const person = (x, y, s, shirt, skin = '#c98e6b', hair = C.tealDeep) =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  `<rect x="-26" y="40" width="52" height="78" rx="24" fill="${shirt}"/>` +
  `<circle cx="0" cy="18" r="20" fill="${skin}"/>` +
  `<path d="M-20 14 Q -18 -8 0 -6 Q 20 -8 20 14 Q 12 2 0 4 Q -10 2 -20 14 Z" fill="${hair}"/>` +
  `</g>`;

/** A clinic's front: a building with windows, a door, a sign and a tree, in the office's own colour. */
function clinic(w, h, accent, sign) {
  const bx = w * 0.22;
  const bw = w * 0.56;
  const by = h * 0.3;
  const bh = h * 0.52;
  let windows = '';
  for (let i = 0; i < 4; i += 1) {
    windows += `<rect x="${bx + bw * 0.08 + i * bw * 0.235}" y="${by + bh * 0.2}" width="${bw * 0.17}" height="${bh * 0.22}" rx="6" fill="${C.sky}" stroke="${C.white}" stroke-width="4"/>`;
  }
  return (
    hills(w, h) +
    `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="10" fill="${C.sand}"/>` +
    `<rect x="${bx - 10}" y="${by - 18}" width="${bw + 20}" height="26" rx="8" fill="${accent}"/>` +
    windows +
    `<rect x="${bx + bw * 0.42}" y="${by + bh * 0.55}" width="${bw * 0.16}" height="${bh * 0.45}" rx="6" fill="${accent}"/>` +
    `<circle cx="${bx + bw * 0.55}" cy="${by + bh * 0.78}" r="4" fill="${C.sun}"/>` +
    `<rect x="${bx + bw * 0.1}" y="${by + bh * 0.56}" width="${bw * 0.26}" height="${bh * 0.16}" rx="6" fill="${C.white}"/>` +
    `<text x="${bx + bw * 0.23}" y="${by + bh * 0.67}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${bh * 0.09}" font-weight="700" fill="${accent}" text-anchor="middle">${sign}</text>` +
    `<rect x="${w * 0.84}" y="${h * 0.5}" width="12" height="${h * 0.3}" fill="#6b4f3a"/>` +
    `<circle cx="${w * 0.845}" cy="${h * 0.46}" r="${h * 0.12}" fill="${C.sage}"/>` +
    `<circle cx="${w * 0.81}" cy="${h * 0.52}" r="${h * 0.08}" fill="#86b394"/>` +
    `<rect x="0" y="${by + bh}" width="${w}" height="${h - by - bh}" fill="#dfe7e3"/>`
  );
}

const scenes = {
  posture: (w, h) =>
    svg(
      w,
      h,
      `<rect x="0" y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="${C.tealTint}"/>` +
        `<rect x="${w * 0.5}" y="${h * 0.48}" width="${w * 0.3}" height="14" rx="7" fill="#8a6a52"/>` +
        `<rect x="${w * 0.56}" y="${h * 0.28}" width="${w * 0.16}" height="${h * 0.18}" rx="8" fill="${C.ink}"/>` +
        `<rect x="${w * 0.575}" y="${h * 0.3}" width="${w * 0.13}" height="${h * 0.14}" rx="4" fill="${C.sky}"/>` +
        person(w * 0.38, h * 0.28, 1.6, C.teal) +
        `<path d="M${w * 0.22} ${h * 0.22} v ${h * 0.5}" stroke="${C.sun}" stroke-width="6" stroke-linecap="round" stroke-dasharray="2 16"/>` +
        `<circle cx="${w * 0.22}" cy="${h * 0.2}" r="12" fill="${C.sun}"/>`,
    ),
  acupuncture: (w, h) =>
    svg(
      w,
      h,
      `<ellipse cx="${w * 0.5}" cy="${h * 0.7}" rx="${w * 0.36}" ry="${h * 0.12}" fill="${C.tealTint}"/>` +
        `<rect x="${w * 0.2}" y="${h * 0.52}" width="${w * 0.6}" height="${h * 0.12}" rx="20" fill="${C.white}"/>` +
        `<ellipse cx="${w * 0.5}" cy="${h * 0.52}" rx="${w * 0.22}" ry="${h * 0.09}" fill="#c98e6b"/>` +
        [0.38, 0.46, 0.54, 0.62]
          .map(
            (f) =>
              `<line x1="${w * f}" y1="${h * 0.47}" x2="${w * f}" y2="${h * 0.3}" stroke="${C.tealDeep}" stroke-width="3"/><circle cx="${w * f}" cy="${h * 0.29}" r="6" fill="${C.sun}"/>`,
          )
          .join('') +
        `<path d="M${w * 0.8} ${h * 0.2} q 60 10 40 80 q -70 -10 -40 -80 Z" fill="${C.sage}"/>` +
        `<path d="M${w * 0.12} ${h * 0.3} q -40 30 10 70 q 40 -30 -10 -70 Z" fill="#86b394"/>`,
      C.sand,
    ),
  evening: (w, h) =>
    svg(
      w,
      h,
      `${clinic(w, h, C.tealDeep, 'OPEN')}<circle cx="${w * 0.18}" cy="${h * 0.18}" r="${h * 0.08}" fill="#fdf3d8"/><circle cx="${w * 0.2}" cy="${h * 0.16}" r="${h * 0.08}" fill="#2b4a6b"/>`,
      '#2b4a6b',
    ).replace(`fill="${C.sky}"/>`, `fill="#2b4a6b"/>`),
  rewards: (w, h) =>
    svg(
      w,
      h,
      `<rect x="${w * 0.36}" y="${h * 0.38}" width="${w * 0.28}" height="${h * 0.4}" rx="12" fill="${C.coral}"/>` +
        `<rect x="${w * 0.33}" y="${h * 0.3}" width="${w * 0.34}" height="${h * 0.12}" rx="10" fill="#e58b73"/>` +
        `<rect x="${w * 0.48}" y="${h * 0.3}" width="${w * 0.04}" height="${h * 0.48}" fill="${C.sun}"/>` +
        `<path d="M${w * 0.5} ${h * 0.3} q -60 -70 -80 -10 q 30 20 80 10 q 50 10 80 -10 q -20 -60 -80 10 Z" fill="${C.sun}"/>` +
        [
          [0.18, 0.3],
          [0.8, 0.25],
          [0.84, 0.62],
          [0.15, 0.66],
        ]
          .map(([x, y]) => star(w * x, h * y, 22, C.teal))
          .join(''),
      C.tealSoft,
    ),
};

function star(cx, cy, r, fill) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

/** Reward items: a product on a soft background. */
const products = {
  bottle: (w, h) =>
    svg(
      w,
      h,
      `<rect x="${w * 0.42}" y="${h * 0.22}" width="${w * 0.16}" height="${h * 0.62}" rx="26" fill="${C.teal}"/><rect x="${w * 0.45}" y="${h * 0.13}" width="${w * 0.1}" height="${h * 0.1}" rx="6" fill="${C.ink}"/><rect x="${w * 0.42}" y="${h * 0.45}" width="${w * 0.16}" height="${h * 0.12}" fill="${C.sun}"/>`,
    ),
  bands: (w, h) =>
    svg(
      w,
      h,
      [C.sage, C.sun, C.coral]
        .map(
          (c, i) =>
            `<ellipse cx="${w * (0.35 + i * 0.15)}" cy="${h * 0.55}" rx="${w * 0.12}" ry="${h * 0.28}" fill="none" stroke="${c}" stroke-width="18"/>`,
        )
        .join(''),
    ),
  voucher: (w, h, label) =>
    svg(
      w,
      h,
      `<rect x="${w * 0.14}" y="${h * 0.26}" width="${w * 0.72}" height="${h * 0.48}" rx="16" fill="${C.white}" stroke="${C.teal}" stroke-width="6" stroke-dasharray="14 10"/><text x="${w * 0.5}" y="${h * 0.47}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${h * 0.09}" font-weight="700" fill="${C.teal}" text-anchor="middle">${label}</text><text x="${w * 0.5}" y="${h * 0.62}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${h * 0.06}" fill="${C.tealMid}" text-anchor="middle">VOUCHER</text>`,
      C.sand,
    ),
  roller: (w, h) =>
    svg(
      w,
      h,
      `<rect x="${w * 0.18}" y="${h * 0.42}" width="${w * 0.64}" height="${h * 0.24}" rx="${h * 0.12}" fill="${C.tealMid}"/><ellipse cx="${w * 0.82}" cy="${h * 0.54}" rx="${h * 0.06}" ry="${h * 0.12}" fill="${C.teal}"/>${[0.3, 0.42, 0.54, 0.66].map((f) => `<rect x="${w * f}" y="${h * 0.42}" width="10" height="${h * 0.24}" fill="${C.sage}"/>`).join('')}`,
    ),
  pilates: (w, h) =>
    svg(
      w,
      h,
      `<rect x="${w * 0.12}" y="${h * 0.62}" width="${w * 0.76}" height="18" rx="9" fill="#8a6a52"/><rect x="${w * 0.2}" y="${h * 0.5}" width="${w * 0.36}" height="${h * 0.12}" rx="10" fill="${C.teal}"/>${person(w * 0.66, h * 0.24, 1.1, C.coral)}`,
    ),
};

/** An insurer's mark: its code on a card in its colour (a drawing of ours, not the insurer's logo). */
function insurerMark(w, h, code, color) {
  return svg(
    w,
    h,
    `<rect x="${w * 0.12}" y="${h * 0.16}" width="${w * 0.76}" height="${h * 0.68}" rx="22" fill="${color}"/>` +
      `<path d="M${w * 0.24} ${h * 0.34} l ${w * 0.06} -${h * 0.05} l ${w * 0.06} ${h * 0.05} v ${h * 0.12} q 0 ${h * 0.1} -${w * 0.06} ${h * 0.14} q -${w * 0.06} -${h * 0.04} -${w * 0.06} -${h * 0.14} Z" fill="${C.white}" opacity="0.9"/>` +
      `<text x="${w * 0.62}" y="${h * 0.58}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${h * 0.2 * Math.min(1, 3 / Math.max(1, code.length))}" font-weight="700" fill="${C.white}" text-anchor="middle">${code}</text>`,
    C.tealSoft,
  );
}

async function write(file, markup, format = 'webp') {
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  const image = sharp(Buffer.from(markup));
  if (format === 'png') await image.png({ compressionLevel: 9, palette: true }).toFile(target);
  else if (format === 'jpeg') await image.jpeg({ quality: 82, mozjpeg: true }).toFile(target);
  else await image.webp({ quality: 78 }).toFile(target);
}

const PROMOTIONS = {
  'free-posture-screening': scenes.posture,
  acupuncture: scenes.acupuncture,
  'evening-hours': scenes.evening,
  rewards: scenes.rewards,
};
for (const [name, draw] of Object.entries(PROMOTIONS))
  await write(`promotion/demo-${name}.webp`, draw(1200, 480));

const OFFICES = { DEN: C.teal, AUS: C.coral, PDX: '#3d6f8e', RAL: '#6a8f4e', SCO: '#b5793b' };
for (const [key, color] of Object.entries(OFFICES))
  await write(`office/demo-${key.toLowerCase()}.webp`, svg(800, 500, clinic(800, 500, color, key)));

const INSURERS = {
  MCR: '#2b5d8c',
  BCBS: '#1f6fb2',
  AET: '#7a3e8e',
  UHC: '#1d4f91',
  CIG: '#0f7a8a',
  HUM: '#3f8f3a',
  WC: '#8a5a2b',
  PIP: '#b0553a',
  TRI: '#334d6e',
  MCD: '#5b6f2e',
};
for (const [code, color] of Object.entries(INSURERS))
  await write(`insurance/demo-${code.toLowerCase()}.webp`, insurerMark(480, 300, code, color));

const ITEMS = {
  'water-bottle': (w, h) => products.bottle(w, h),
  'resistance-bands': (w, h) => products.bands(w, h),
  'massage-voucher': (w, h) => products.voucher(w, h, '30-MIN MASSAGE'),
  'foam-roller': (w, h) => products.roller(w, h),
  'acupuncture-voucher': (w, h) => products.voucher(w, h, 'ACUPUNCTURE'),
  'reformer-pilates': (w, h) => products.pilates(w, h),
};
for (const [name, draw] of Object.entries(ITEMS)) await write(`inventory/demo-${name}.webp`, draw(480, 360));

// The spec's default pictures (§9), designed: a clinic for offices, promotions and content; a person in the
// brand's colours for staff; an insurance card.
await write('default.png', svg(800, 500, clinic(800, 500, C.teal, 'SUMMIT')), 'png');
await write(
  'doctor/default.jpg',
  svg(
    400,
    400,
    `<circle cx="200" cy="160" r="74" fill="${C.tealTint}"/><path d="M60 400 q 0 -150 140 -150 q 140 0 140 150 Z" fill="${C.tealTint}"/>`,
    C.teal,
  ),
  'jpeg',
);
await write('insurance/default.jpg', insurerMark(480, 300, '+', C.tealMid), 'jpeg');
console.info('demo images written to web/public/images');
