/**
 * Corpus entries for image patterns (object fills and strokes, the canvas background and overlay) and
 * for SVG imports made the way an editor makes them, kept apart from corpus-specs.ts so that parallel
 * work on other features adds to its own list. Same shape and rules as CORPUS.
 *
 * Tiles are either corpus assets (https://assets.imprint.test/…) or small PNG data URLs, which is what
 * Fabric's toObject() writes for a pattern made from a canvas (the "dynamic pattern" editors offer).
 */
import type { CorpusSpec } from './corpus-specs.js';
import { encodePng } from './pixel-diff.js';

type Obj = Record<string, unknown>;
const A = (file: string): string => `https://assets.imprint.test/${file}`;
const LT = { originX: 'left', originY: 'top' } as const;

type Rgba = [number, number, number, number];

/** A w×h PNG data URL whose pixel (x, y) is `paint(x, y)`. */
function tile(w: number, h: number, paint: (x: number, y: number) => Rgba): string {
  const pixels = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) pixels.set(paint(x, y), (y * w + x) * 4);
  return `data:image/png;base64,${encodePng({ pixels, width: w, height: h }).toString('base64')}`;
}

/** Soft polka dot on transparency (anti-aliased edge, so tile seams and sampling both show). */
const DOTS = tile(24, 24, (x, y) => {
  const d = Math.hypot(x + 0.5 - 12, y + 0.5 - 12);
  const a = Math.max(0, Math.min(1, 6.5 - d));
  return [231, 111, 81, Math.round(255 * a)];
});
/** Seamless 45° stripes, opaque. */
const STRIPES = tile(16, 16, (x, y) => ((x + y) % 16 < 8 ? [38, 70, 83, 255] : [233, 196, 106, 255]));
/** A 2-colour check with a thin grid line, opaque. */
const CHECK = tile(20, 20, (x, y) => {
  if (x === 0 || y === 0) return [200, 200, 210, 255];
  return x < 10 !== y < 10 ? [245, 245, 250, 255] : [225, 228, 240, 255];
});
/** Half-transparent scanlines for an overlay. */
const SCANLINES = tile(4, 4, (_x, y) => (y < 1 ? [0, 0, 0, 40] : [0, 0, 0, 0]));

const pattern = (source: string, extra: Obj = {}): Obj => ({ type: 'pattern', source, repeat: 'repeat', ...extra });

function text(t: string, extra: Obj = {}): Obj {
  return { type: 'textbox', text: t, fontFamily: 'Inter', fontSize: 20, fill: '#1d2433', ...LT, ...extra };
}

const STAR = [['M', 50, 0], ['L', 61, 35], ['L', 98, 35], ['L', 68, 57], ['L', 79, 91], ['L', 50, 70], ['L', 21, 91], ['L', 32, 57], ['L', 2, 35], ['L', 39, 35], ['Z']];

/** SVG files as a designer exports them (Illustrator/Figma-like: defs, gradients, transforms, even-odd holes). */
const SVG_MOUNTAIN_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#38bdf8"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f59e0b"/>
    </radialGradient>
  </defs>
  <path fill="url(#sky)" fill-rule="evenodd" d="M100 8a92 92 0 1 0 0.01 0ZM100 28a72 72 0 1 1 -0.01 0Z"/>
  <circle cx="128" cy="78" r="17" fill="url(#sun)"/>
  <g transform="translate(100 112) rotate(-4)">
    <path fill="#0f172a" d="M-62 42 L-22 -22 L-2 8 L20 -34 L62 42 Z"/>
    <path fill="#ffffff" d="M20 -34 L30 -16 L22 -20 L14 -12 Z"/>
  </g>
</svg>`;

const SVG_LOCK_ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <defs>
    <linearGradient id="tile" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="160" y2="0" gradientTransform="rotate(45 80 80)">
      <stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="160" height="160" rx="36" ry="36" fill="url(#tile)"/>
  <g transform="matrix(1 0 0 1 80 86)">
    <path fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" d="M-24 -30 V-44 a24 24 0 0 1 48 0 V-30"/>
    <path fill="#ffffff" fill-rule="evenodd" d="M-40 -32 H40 V40 H-40 Z M-8 -2 a10 10 0 1 1 16 8 V20 H-8 V6 a10 10 0 0 1 0 -8 Z"/>
  </g>
  <polygon points="126,14 131,26 144,27 134,36 137,49 126,42 115,49 118,36 108,27 121,26" fill="#fde047" transform="translate(6 0) scale(0.9)"/>
</svg>`;

const SVG_BADGE = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180">
  <defs>
    <radialGradient id="medal" cx="0.4" cy="0.35" r="0.7" fx="0.35" fy="0.3">
      <stop offset="0" stop-color="#fef9c3"/><stop offset="0.6" stop-color="#facc15"/><stop offset="1" stop-color="#a16207"/>
    </radialGradient>
    <linearGradient id="ribbon" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#b91c1c"/><stop offset="0.5" stop-color="#ef4444"/><stop offset="1" stop-color="#b91c1c"/>
    </linearGradient>
  </defs>
  <g transform="translate(90 120) skewX(-8)">
    <polygon points="-40,0 -10,0 -22,55 -34,44 -50,50" fill="url(#ribbon)"/>
    <polygon points="40,0 10,0 22,55 34,44 50,50" fill="url(#ribbon)"/>
  </g>
  <circle cx="90" cy="78" r="62" fill="url(#medal)" stroke="#854d0e" stroke-width="4"/>
  <path fill="#854d0e" fill-rule="evenodd" d="M90 34 a44 44 0 1 0 0.01 0 Z M90 42 a36 36 0 1 1 -0.01 0 Z"/>
  <polyline points="68,80 84,96 114,62" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

export const PATTERN_CORPUS: CorpusSpec[] = [
  // ---------- pattern fills ----------
  {
    name: 'pattern-fill-card',
    version: 7,
    width: 600,
    height: 340,
    background: '#fdf6ec',
    objects: [
      { type: 'rect', ...LT, left: 0, top: 0, width: 600, height: 90, fill: pattern(STRIPES), name: 'header' },
      text('Autumn market', { left: 24, top: 24, width: 400, fontSize: 34, fontWeight: 'bold', fill: '#ffffff' }),
      { type: 'circle', ...LT, left: 440, top: 40, radius: 70, fill: pattern(DOTS, { offsetX: 6, offsetY: 6 }), stroke: '#e76f51', strokeWidth: 4, name: 'badge' },
      { type: 'rect', ...LT, left: 24, top: 120, width: 260, height: 190, rx: 18, ry: 18, fill: pattern(A('texture.png'), { offsetX: -30, offsetY: -20 }), name: 'panel' },
      { type: 'path', path: STAR, ...LT, left: 310, top: 190, scaleX: 1.2, scaleY: 1.2, fill: pattern(A('logo.png')), stroke: '#264653', strokeWidth: 2, name: 'star' },
      text('Saturday 10–16, old harbour', { left: 450, top: 200, width: 140, fontSize: 16, fill: '#264653' }),
    ],
  },
  {
    name: 'pattern-fill-shapes-v5',
    version: 5,
    width: 560,
    height: 320,
    background: '#ffffff',
    objects: [
      {
        type: 'polygon',
        ...LT,
        left: 20,
        top: 20,
        points: STAR.filter((c) => c[0] !== 'Z').map((c) => ({ x: c[1], y: c[2] })),
        scaleX: 2.2,
        scaleY: 2.2,
        fill: pattern(A('texture.png')),
        name: 'star',
      },
      { type: 'ellipse', ...LT, left: 260, top: 20, rx: 120, ry: 70, fill: pattern(CHECK), stroke: '#3d405b', strokeWidth: 3, name: 'plate' },
      { type: 'rect', ...LT, left: 290, top: 180, width: 180, height: 90, angle: -8, fill: pattern(DOTS), stroke: '#e76f51', strokeWidth: 2, name: 'ticket' },
      { type: 'triangle', ...LT, left: 40, top: 240, width: 120, height: 70, scaleX: 1.5, fill: pattern(STRIPES, { offsetX: 4 }), name: 'flag' },
      text('Fabric 5 patterns', { left: 300, top: 120, width: 240, fontSize: 22, fill: '#3d405b' }),
    ],
  },
  {
    name: 'pattern-fill-group-v6',
    version: 6,
    width: 560,
    height: 320,
    background: '#f1faee',
    objects: [
      {
        build: true,
        type: 'group',
        angle: 6,
        name: 'sticker',
        objects: [
          { type: 'rect', ...LT, left: 40, top: 40, width: 240, height: 240, rx: 30, ry: 30, fill: pattern(CHECK), stroke: '#1d3557', strokeWidth: 6 },
          { type: 'circle', ...LT, left: 90, top: 90, radius: 70, fill: pattern(A('landscape.jpg'), { offsetX: -120, offsetY: -60 }) },
        ],
      },
      {
        type: 'rect',
        ...LT,
        left: 330,
        top: 40,
        width: 200,
        height: 120,
        scaleX: 1.1,
        scaleY: 0.8,
        skewX: 12,
        fill: pattern(A('portrait.jpg'), { offsetX: -20, offsetY: -60 }),
        name: 'skewed',
      },
      text('Group, scale and skew carry the tiles', { left: 320, top: 200, width: 220, fontSize: 20, fill: '#1d3557' }),
    ],
  },
  // ---------- repeat modes, offsets, patternTransform ----------
  {
    name: 'pattern-repeat-modes',
    version: 7,
    width: 600,
    height: 330,
    background: '#ffffff',
    objects: [
      ...(['repeat', 'repeat-x', 'repeat-y', 'no-repeat'] as const).flatMap((repeat, i) => [
        {
          type: 'rect',
          ...LT,
          left: 15 + i * 146,
          top: 15,
          width: 136,
          height: 200,
          fill: pattern(A('logo.png'), { repeat, offsetX: 20, offsetY: 30 }),
          stroke: '#adb5bd',
          strokeWidth: 1,
          name: `tiles-${repeat}`,
        },
        text(repeat, { left: 20 + i * 146, top: 225, width: 130, fontSize: 16, fill: '#495057' }),
      ]),
      { type: 'rect', ...LT, left: 15, top: 260, width: 570, height: 56, fill: pattern(STRIPES, { repeat: 'repeat-x', offsetY: 20 }), name: 'ribbon' },
    ],
  },
  {
    name: 'pattern-transform-v6',
    version: 6,
    width: 600,
    height: 320,
    background: '#fefae0',
    objects: [
      { type: 'rect', ...LT, left: 15, top: 15, width: 180, height: 180, fill: pattern(STRIPES, { patternTransform: [0.6, 0.8, -0.8, 0.6, 0, 0] }), name: 'rotated' },
      { type: 'rect', ...LT, left: 210, top: 15, width: 180, height: 180, fill: pattern(A('logo.png'), { patternTransform: [0.4, 0, 0, 0.4, 10, 10] }), name: 'scaled' },
      {
        type: 'circle',
        ...LT,
        left: 405,
        top: 15,
        radius: 90,
        fill: pattern(CHECK, { repeat: 'repeat', offsetX: -5, patternTransform: [1.5, 0, 0.5, 1.5, 0, 0] }),
        name: 'skewed',
      },
      {
        type: 'rect',
        ...LT,
        left: 15,
        top: 215,
        width: 570,
        height: 90,
        fill: pattern(A('texture.png'), { repeat: 'no-repeat', offsetX: 200, patternTransform: [0.75, 0, 0, 0.75, 0, -10] }),
        stroke: '#606c38',
        strokeWidth: 2,
        name: 'strip',
      },
    ],
  },
  {
    name: 'pattern-offsets-v5',
    version: 5,
    width: 520,
    height: 300,
    background: '#edf2f4',
    objects: [
      ...[
        [0, 0],
        [12, 0],
        [0, 12],
        [-7, 33],
      ].map(([offsetX, offsetY], i) => ({
        type: 'rect',
        ...LT,
        left: 15 + i * 125,
        top: 20,
        width: 115,
        height: 115,
        fill: pattern(DOTS, { offsetX, offsetY }),
        stroke: '#8d99ae',
        strokeWidth: 1,
        name: `offset-${i}`,
      })),
      {
        type: 'rect',
        ...LT,
        left: 15,
        top: 160,
        width: 240,
        height: 120,
        fill: pattern(A('texture.png'), { repeat: 'repeat-y', offsetX: 40, patternTransform: [0.5, 0, 0, 0.5, 0, 0] }),
        name: 'column',
      },
      {
        type: 'circle',
        ...LT,
        left: 300,
        top: 160,
        radius: 60,
        scaleX: 1.6,
        fill: pattern(A('logo.png'), { repeat: 'no-repeat', offsetX: 30, offsetY: -4 }),
        stroke: '#2b2d42',
        strokeWidth: 3,
        name: 'lens',
      },
    ],
  },
  // ---------- pattern strokes ----------
  {
    name: 'pattern-stroke-frames',
    version: 7,
    width: 600,
    height: 340,
    background: '#ffffff',
    objects: [
      { type: 'image', src: A('landscape.jpg'), ...LT, left: 30, top: 30, scaleX: 0.6, scaleY: 0.6, stroke: pattern(STRIPES), strokeWidth: 14, name: 'photo' },
      { type: 'circle', ...LT, left: 360, top: 30, radius: 80, fill: '#f8f9fa', stroke: pattern(A('texture.png')), strokeWidth: 22, name: 'ring' },
      {
        type: 'rect',
        ...LT,
        left: 360,
        top: 225,
        width: 200,
        height: 80,
        rx: 12,
        ry: 12,
        fill: '',
        stroke: pattern(DOTS),
        strokeWidth: 16,
        strokeDashArray: [30, 12],
        name: 'dashed',
      },
      { type: 'line', x1: 30, y1: 300, x2: 320, y2: 300, stroke: pattern(CHECK), strokeWidth: 18, strokeLineCap: 'round', name: 'rule' },
    ],
  },
  {
    name: 'pattern-stroke-transform-v6',
    version: 6,
    width: 600,
    height: 320,
    background: '#f8f9fa',
    objects: [
      // patternTransform on a stroke goes through _applyPatternForTransformedGradient's cache-sized canvas.
      {
        type: 'rect',
        ...LT,
        left: 30,
        top: 30,
        width: 200,
        height: 140,
        fill: '#ffffff',
        stroke: pattern(STRIPES, { patternTransform: [0.5, 0.5, -0.5, 0.5, 0, 0] }),
        strokeWidth: 20,
        name: 'frame',
      },
      {
        type: 'path',
        path: STAR,
        ...LT,
        left: 300,
        top: 30,
        scaleX: 2.4,
        scaleY: 2.4,
        fill: '#fff3b0',
        stroke: pattern(A('logo.png'), { patternTransform: [0.25, 0, 0, 0.25, 0, 0] }),
        strokeWidth: 6,
        strokeLineJoin: 'round',
        name: 'star',
      },
      { type: 'ellipse', ...LT, left: 40, top: 200, rx: 110, ry: 50, fill: '', stroke: pattern(CHECK), strokeWidth: 12, strokeUniform: true, scaleX: 1.4, name: 'uniform' },
      text('Stroked with tiles', { left: 340, top: 270, width: 240, fontSize: 22, fill: '#343a40' }),
    ],
  },
  {
    name: 'pattern-stroke-v5',
    version: 5,
    width: 520,
    height: 300,
    background: '#fff8f0',
    objects: [
      {
        type: 'rect',
        ...LT,
        left: 20,
        top: 20,
        width: 220,
        height: 150,
        fill: pattern(CHECK),
        stroke: pattern(A('texture.png'), { offsetX: 10 }),
        strokeWidth: 18,
        paintFirst: 'stroke',
        name: 'card',
      },
      {
        type: 'polyline',
        ...LT,
        left: 280,
        top: 30,
        points: [
          { x: 0, y: 100 },
          { x: 50, y: 0 },
          { x: 100, y: 100 },
          { x: 150, y: 0 },
          { x: 200, y: 100 },
        ],
        fill: '',
        stroke: pattern(STRIPES),
        strokeWidth: 14,
        strokeLineJoin: 'round',
        name: 'zigzag',
      },
      { type: 'circle', ...LT, left: 60, top: 200, radius: 40, fill: '#ffffff', stroke: pattern(DOTS, { patternTransform: [2, 0, 0, 2, 0, 0] }), strokeWidth: 20, name: 'button' },
    ],
  },
  // ---------- canvas background and overlay ----------
  {
    name: 'pattern-canvas-background',
    version: 7,
    width: 600,
    height: 340,
    background: pattern(A('texture.png')),
    objects: [
      {
        type: 'rect',
        ...LT,
        left: 60,
        top: 60,
        width: 480,
        height: 220,
        rx: 16,
        ry: 16,
        fill: 'rgba(255,255,255,0.88)',
        shadow: { color: 'rgba(0,0,0,0.25)', blur: 12, offsetX: 0, offsetY: 4 },
        name: 'sheet',
      },
      text('Handmade paper goods', { left: 90, top: 110, width: 420, fontSize: 32, fontWeight: 'bold', fill: '#3d405b' }),
      text('Letterpress cards, notebooks and wrapping paper.', { left: 90, top: 170, width: 420, fontSize: 18, fill: '#555b6e' }),
    ],
  },
  {
    name: 'pattern-canvas-background-transform-v5',
    version: 5,
    width: 520,
    height: 300,
    background: pattern(STRIPES, { offsetX: 5, offsetY: 3, patternTransform: [1.5, 0, 0, 1.5, 0, 0] }),
    objects: [
      { type: 'circle', ...LT, left: 160, top: 50, radius: 100, fill: '#ffffff', stroke: '#264653', strokeWidth: 6, name: 'seal' },
      text('SALE', { left: 160, top: 125, width: 200, fontSize: 44, fontWeight: 'bold', textAlign: 'center', fill: '#264653' }),
    ],
  },
  {
    name: 'pattern-canvas-overlay-v6',
    version: 6,
    width: 520,
    height: 300,
    background: pattern(A('logo.png'), { repeat: 'no-repeat', offsetX: 380, offsetY: 160 }),
    canvas: { overlay: pattern(SCANLINES) },
    objects: [
      { type: 'image', src: A('portrait.jpg'), ...LT, left: 20, top: 20, scaleX: 0.8, scaleY: 0.8, name: 'photo' },
      text('Watermark under, scanlines over', { left: 240, top: 40, width: 260, fontSize: 22, fill: '#222222' }),
    ],
  },
  // ---------- patterns on text ----------
  {
    name: 'pattern-text-headline',
    version: 7,
    width: 600,
    height: 320,
    background: '#ffffff',
    objects: [
      text('WILD COAST', {
        left: 20,
        top: 20,
        width: 560,
        fontFamily: 'Poppins',
        fontWeight: 'bold',
        fontSize: 84,
        fill: pattern(A('landscape.jpg'), { offsetX: -20, offsetY: -60 }),
        name: 'title',
      }),
      text('Outline with tiles', {
        left: 20,
        top: 140,
        width: 560,
        fontFamily: 'Poppins',
        fontWeight: 'bold',
        fontSize: 56,
        fill: '#fff7e6',
        stroke: pattern(STRIPES),
        strokeWidth: 5,
        name: 'outline',
      }),
      text('rotated stripes in the letters', {
        left: 20,
        top: 230,
        width: 560,
        fontFamily: 'Inter',
        fontWeight: 'bold',
        fontSize: 40,
        fill: pattern(STRIPES, { patternTransform: [0.6, 0.8, -0.8, 0.6, 0, 0] }),
        name: 'caption',
      }),
    ],
  },
  {
    name: 'pattern-text-v5',
    version: 5,
    width: 520,
    height: 260,
    background: '#1d3557',
    objects: [
      {
        type: 'i-text',
        text: 'Polka party',
        ...LT,
        left: 24,
        top: 20,
        fontFamily: 'Montserrat',
        fontWeight: 900,
        fontSize: 72,
        fill: pattern(DOTS, { offsetX: 3 }),
        name: 'title',
      },
      text('Textured paper lettering, angled', {
        left: 30,
        top: 130,
        width: 460,
        fontFamily: 'Inter',
        fontWeight: 'bold',
        fontSize: 34,
        angle: -4,
        fill: pattern(A('texture.png'), { offsetY: 10 }),
        name: 'subtitle',
      }),
    ],
  },
  // ---------- Resize filter (Canvas 2D backend), drawn back at the object's size ----------
  {
    name: 'filters-resize-gallery',
    version: 7,
    width: 600,
    height: 300,
    background: '#f8f9fa',
    objects: [
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 10,
        top: 10,
        scaleX: 0.6,
        scaleY: 0.6,
        filters: [{ type: 'Resize', resizeType: 'hermite', scaleX: 0.6, scaleY: 0.6 }],
        name: 'hermite',
      },
      {
        type: 'image',
        src: A('portrait.jpg'),
        ...LT,
        left: 310,
        top: 10,
        scaleX: 0.45,
        scaleY: 0.45,
        filters: [{ type: 'Resize', resizeType: 'bilinear', scaleX: 0.45, scaleY: 0.45 }],
        name: 'bilinear',
      },
      {
        type: 'image',
        src: A('portrait.jpg'),
        ...LT,
        left: 440,
        top: 10,
        scaleX: 0.45,
        scaleY: 0.45,
        filters: [{ type: 'Resize', resizeType: 'lanczos', lanczosLobes: 3, scaleX: 0.45, scaleY: 0.45 }],
        name: 'lanczos',
      },
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 310,
        top: 160,
        scaleX: 0.27,
        scaleY: 0.27,
        filters: [{ type: 'Resize', resizeType: 'hermite', scaleX: 0.27, scaleY: 0.27 }, { type: 'Grayscale' }],
        name: 'thumb',
      },
      text('hermite, bilinear, lanczos', { left: 20, top: 215, width: 280, fontSize: 18, fill: '#343a40' }),
    ],
  },
  {
    name: 'filters-resize-logo-crop-v5',
    version: 5,
    width: 520,
    height: 260,
    background: '#e9ecef',
    objects: [
      {
        type: 'image',
        src: A('logo.png'),
        ...LT,
        left: 20,
        top: 20,
        scaleX: 0.9,
        scaleY: 0.9,
        filters: [{ type: 'Resize', resizeType: 'hermite', scaleX: 0.35, scaleY: 0.35 }],
        name: 'soft-logo',
      },
      {
        type: 'image',
        src: A('logo.png'),
        ...LT,
        left: 160,
        top: 20,
        scaleX: 0.9,
        scaleY: 0.9,
        filters: [{ type: 'Resize', resizeType: 'lanczos', lanczosLobes: 2, scaleX: 0.5, scaleY: 0.4 }],
        name: 'lanczos-logo',
      },
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 300,
        top: 20,
        cropX: 120,
        cropY: 40,
        width: 200,
        height: 200,
        filters: [{ type: 'Resize', resizeType: 'bilinear', scaleX: 0.5, scaleY: 0.5 }],
        name: 'cropped',
      },
    ],
  },
  // ---------- resizeFilter: applied while drawing, at the image's total scale, under minimumScaleTrigger ----------
  {
    name: 'filters-resize-filter-thumbs',
    version: 7,
    width: 600,
    height: 260,
    background: '#ffffff',
    objects: [
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 10,
        top: 10,
        scaleX: 0.3,
        scaleY: 0.3,
        resizeFilter: { type: 'Resize', resizeType: 'hermite' },
        name: 'thumb-hermite',
      },
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 170,
        top: 10,
        scaleX: 0.3,
        scaleY: 0.3,
        resizeFilter: { type: 'Resize', resizeType: 'bilinear' },
        name: 'thumb-bilinear',
      },
      { type: 'image', src: A('landscape.jpg'), ...LT, left: 330, top: 10, scaleX: 0.3, scaleY: 0.3, name: 'thumb-plain' },
      // Above the trigger (0.5): Fabric leaves the image as it is.
      {
        type: 'image',
        src: A('portrait.jpg'),
        ...LT,
        left: 470,
        top: 10,
        scaleX: 0.42,
        scaleY: 0.6,
        resizeFilter: { type: 'Resize', resizeType: 'hermite' },
        name: 'above-trigger',
      },
      {
        build: true,
        type: 'group',
        scaleX: 0.5,
        scaleY: 0.5,
        name: 'strip',
        objects: [
          {
            type: 'image',
            src: A('portrait.jpg'),
            ...LT,
            left: 20,
            top: 250,
            scaleX: 0.8,
            scaleY: 0.8,
            filters: [{ type: 'Sepia' }],
            resizeFilter: { type: 'Resize', resizeType: 'hermite' },
          },
          { type: 'image', src: A('logo.png'), ...LT, left: 240, top: 250, scaleX: 0.9, scaleY: 0.9, resizeFilter: { type: 'Resize', resizeType: 'hermite' } },
        ],
      },
    ],
  },
  {
    name: 'filters-resize-filter-v6',
    version: 6,
    width: 520,
    height: 220,
    background: '#f1f3f5',
    objects: [
      {
        type: 'image',
        src: A('portrait.jpg'),
        ...LT,
        left: 10,
        top: 10,
        scaleX: 0.45,
        scaleY: 0.45,
        resizeFilter: { type: 'Resize', resizeType: 'lanczos', lanczosLobes: 3 },
        name: 'lanczos',
      },
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 140,
        top: 10,
        scaleX: 0.35,
        scaleY: 0.35,
        angle: 5,
        resizeFilter: { type: 'Resize', resizeType: 'lanczos', lanczosLobes: 2 },
        name: 'tilted',
      },
      { type: 'image', src: A('logo.png'), ...LT, left: 330, top: 20, scaleX: 0.5, scaleY: 0.5, resizeFilter: { type: 'Resize', resizeType: 'bilinear' }, name: 'at-trigger' },
    ],
  },
  // ---------- SVG imports: loadSVGFromString, grouped, named, then toObject(['name']) ----------
  {
    name: 'svg-import-logo',
    version: 7,
    width: 600,
    height: 300,
    background: '#f8fafc',
    objects: [
      { svg: SVG_MOUNTAIN_LOGO, ...LT, left: 40, top: 40, scaleX: 1.1, scaleY: 1.1, name: 'logo' },
      text('Summit Outdoor Co.', { left: 290, top: 100, width: 290, fontSize: 32, fontWeight: 'bold', fill: '#0f172a' }),
      text('Gear for long days outside', { left: 290, top: 150, width: 290, fontSize: 18, fill: '#475569' }),
    ],
  },
  {
    name: 'svg-import-icon-v6',
    version: 6,
    width: 520,
    height: 260,
    background: '#ffffff',
    objects: [
      { svg: SVG_LOCK_ICON, ...LT, left: 40, top: 50, name: 'icon' },
      { svg: SVG_LOCK_ICON, ...LT, left: 232, top: 96, scaleX: 0.5, scaleY: 0.5, angle: -12, name: 'icon-small' },
      text('Secure vault', { left: 340, top: 110, width: 170, fontSize: 24, fontWeight: 'bold', fill: '#4c1d95' }),
    ],
  },
  {
    name: 'svg-import-badge-v5',
    version: 5,
    width: 480,
    height: 280,
    background: '#fffbeb',
    objects: [
      { svg: SVG_BADGE, ...LT, left: 30, top: 40, scaleX: 1.2, scaleY: 1.2, name: 'badge' },
      text('Best in show 2026', { left: 270, top: 110, width: 200, fontSize: 26, fontWeight: 'bold', fill: '#713f12' }),
    ],
  },
];
