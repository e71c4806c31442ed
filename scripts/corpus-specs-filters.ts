/**
 * Corpus entries for image filters, kept apart from corpus-specs.ts so filter work merges cleanly.
 * Each tile is a real photo or logo with Fabric filters as an editor sets them; goldens are drawn by
 * Fabric's Canvas 2D filter backend (fabric-browser.ts turns WebGL filtering off, as fabric/node has it).
 */
import type { CorpusSpec } from './corpus-specs.js';

type Obj = Record<string, unknown>;
const A = (file: string): string => `https://assets.imprint.test/${file}`;
const LT = { originX: 'left', originY: 'top' } as const;

/** A row-major grid of the same photo, one filter list per tile, each captioned. */
function tiles(src: string, scale: number, cols: number, cellW: number, cellH: number, lists: Array<[string, Obj[]]>, captionSize = 12): Obj[] {
  const out: Obj[] = [];
  lists.forEach(([caption, filters], i) => {
    const left = 10 + (i % cols) * cellW;
    const top = 10 + Math.floor(i / cols) * cellH;
    out.push({ type: 'image', src: A(src), ...LT, left, top, scaleX: scale, scaleY: scale, filters, name: `tile${i}` });
    out.push({ type: 'text', text: caption, ...LT, left: left + 2, top: top + cellH - captionSize - 8, fontFamily: 'Inter', fontSize: captionSize, fill: '#212529' });
  });
  return out;
}

export const FILTER_CORPUS: CorpusSpec[] = [
  {
    name: 'filters-photo-adjust',
    version: 7,
    width: 520,
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
        name: 'hero',
        filters: [
          { type: 'Brightness', brightness: 0.08 },
          { type: 'Contrast', contrast: 0.25 },
          { type: 'Saturation', saturation: 0.4 },
        ],
      },
      { type: 'image', src: A('landscape.jpg'), ...LT, left: 310, top: 10, scaleX: 0.42, scaleY: 0.42, name: 'mono', filters: [{ type: 'Grayscale', mode: 'luminosity' }] },
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 310,
        top: 150,
        scaleX: 0.42,
        scaleY: 0.42,
        name: 'faded',
        filters: [
          { type: 'Vibrance', vibrance: -0.6 },
          { type: 'Brightness', brightness: -0.1 },
        ],
      },
      { type: 'textbox', text: 'Summer sale — 30% off', ...LT, left: 20, top: 220, width: 270, fontFamily: 'Poppins', fontWeight: 'bold', fontSize: 26, fill: '#1d2433' },
    ],
  },
  {
    name: 'filters-presets-grid',
    version: 7,
    width: 520,
    height: 300,
    background: '#ffffff',
    objects: tiles('portrait.jpg', 0.4, 5, 102, 145, [
      ['Sepia', [{ type: 'Sepia' }]],
      ['BlackWhite', [{ type: 'BlackWhite' }]],
      ['Brownie', [{ type: 'Brownie' }]],
      ['Vintage', [{ type: 'Vintage' }]],
      ['Kodachrome', [{ type: 'Kodachrome' }]],
      ['Technicolor', [{ type: 'Technicolor' }]],
      ['Polaroid', [{ type: 'Polaroid' }]],
      ['Invert', [{ type: 'Invert' }]],
      ['Lightness', [{ type: 'Grayscale', mode: 'lightness' }]],
      ['Average', [{ type: 'Grayscale' }]],
    ]),
  },
  {
    name: 'filters-hue-gamma-v6',
    version: 6,
    width: 520,
    height: 300,
    background: '#e9ecef',
    objects: tiles('landscape.jpg', 0.3, 3, 170, 140, [
      ['Hue 0.5', [{ type: 'HueRotation', rotation: 0.5 }]],
      ['Hue -0.3', [{ type: 'HueRotation', rotation: -0.3 }]],
      ['Gamma', [{ type: 'Gamma', gamma: [1.6, 1.1, 0.7] }]],
      ['Contrast -0.4', [{ type: 'Contrast', contrast: -0.4 }]],
      ['Matrix', [{ type: 'ColorMatrix', matrix: [0.3, 0.3, 0.3, 0, 0.05, 0.2, 0.6, 0.2, 0, 0, 0.1, 0.1, 0.9, 0, 0.1, 0, 0, 0, 1, 0] }]],
      ['Invert+Sat', [{ type: 'Invert' }, { type: 'Saturation', saturation: -0.5 }]],
    ]),
  },
  {
    name: 'filters-blend-color-modes-v5',
    version: 5,
    width: 520,
    height: 300,
    background: '#ffffff',
    objects: tiles(
      'portrait.jpg',
      0.4,
      5,
      102,
      145,
      (['multiply', 'screen', 'add', 'difference', 'subtract', 'darken', 'lighten', 'overlay', 'exclusion', 'tint'] as const).map((mode) => [
        mode,
        [{ type: 'BlendColor', color: '#2f9e44', mode, alpha: mode === 'tint' ? 0.45 : 0.8 }],
      ]),
    ),
  },
  {
    name: 'filters-blend-color-remove-v7',
    version: 7,
    width: 480,
    height: 300,
    background: '#fff3bf',
    objects: [
      ...tiles('landscape.jpg', 0.3, 2, 160, 140, [
        ['Duotone', [{ type: 'Grayscale' }, { type: 'BlendColor', color: '#1971c2', mode: 'screen', alpha: 0.9 }]],
        ['Warm', [{ type: 'BlendColor', color: '#ff922b', mode: 'overlay', alpha: 0.6 }]],
        ['Lighten', [{ type: 'BlendColor', color: '#364fc7', mode: 'lighten', alpha: 1 }]],
        [
          'Invert alpha',
          [
            { type: 'Invert', alpha: false },
            { type: 'Brightness', brightness: 0.1 },
          ],
        ],
      ]),
      { type: 'image', src: A('logo.png'), ...LT, left: 330, top: 20, name: 'logoKnockout', filters: [{ type: 'RemoveColor', color: '#FFFFFF', distance: 0.15 }] },
      { type: 'image', src: A('logo.png'), ...LT, left: 330, top: 160, name: 'logoMono', filters: [{ type: 'Grayscale' }, { type: 'Contrast', contrast: 0.5 }] },
    ],
  },
  {
    name: 'filters-pixelate-convolute',
    version: 7,
    width: 520,
    height: 300,
    background: '#ffffff',
    objects: tiles('portrait.jpg', 0.5, 4, 128, 170, [
      ['Pixelate 8', [{ type: 'Pixelate', blocksize: 8 }]],
      ['Sharpen', [{ type: 'Convolute', matrix: [0, -1, 0, -1, 5, -1, 0, -1, 0] }]],
      ['Emboss', [{ type: 'Convolute', opaque: true, matrix: [1, 1, 1, 1, 0.7, -1, -1, -1, -1] }]],
      ['Box 5x5', [{ type: 'Convolute', matrix: Array(25).fill(1 / 25) }]],
    ]),
  },
  {
    name: 'filters-pixelate-gray-v5',
    version: 5,
    width: 420,
    height: 260,
    background: '#f1f3f5',
    objects: tiles('landscape.jpg', 0.4, 2, 200, 160, [
      ['Pixelate 12', [{ type: 'Pixelate', blocksize: 12 }]],
      [
        'Edges',
        [
          { type: 'Convolute', opaque: true, matrix: [-1, -1, -1, -1, 8, -1, -1, -1, -1] },
          { type: 'Grayscale', mode: 'luminosity' },
        ],
      ],
    ]),
  },
  {
    name: 'filters-blur-v7',
    version: 7,
    width: 520,
    height: 300,
    background: '#ffffff',
    objects: [
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 0,
        top: 0,
        scaleX: 1.09,
        scaleY: 0.94,
        name: 'backdrop',
        filters: [
          { type: 'Blur', blur: 0.25 },
          { type: 'Brightness', brightness: -0.15 },
        ],
      },
      { type: 'image', src: A('portrait.jpg'), ...LT, left: 330, top: 30, scaleX: 0.75, scaleY: 0.75, name: 'soft', filters: [{ type: 'Blur', blur: 0.1 }] },
      { type: 'image', src: A('logo.png'), ...LT, left: 30, top: 30, name: 'logoBlur', filters: [{ type: 'Blur', blur: 0.3 }] },
      { type: 'textbox', text: 'Focus on what matters', ...LT, left: 30, top: 200, width: 280, fontFamily: 'Poppins', fontWeight: 'bold', fontSize: 30, fill: '#ffffff' },
    ],
  },
  {
    name: 'filters-blur-sepia-v6',
    version: 6,
    width: 420,
    height: 260,
    background: '#f8f9fa',
    objects: tiles('landscape.jpg', 0.4, 2, 200, 160, [
      ['Blur 0.5', [{ type: 'Blur', blur: 0.5 }]],
      ['Sepia + blur', [{ type: 'Sepia' }, { type: 'Blur', blur: 0.15 }]],
    ]),
  },
  {
    name: 'filters-blend-image-v7',
    version: 7,
    width: 520,
    height: 300,
    background: '#ffffff',
    objects: [
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 10,
        top: 10,
        scaleX: 0.52,
        scaleY: 0.52,
        name: 'textured',
        filters: [{ type: 'BlendImage', mode: 'multiply', image: { type: 'image', src: A('texture.png'), left: 0, top: 0 } }],
      },
      {
        type: 'image',
        src: A('portrait.jpg'),
        ...LT,
        left: 270,
        top: 10,
        scaleX: 0.8,
        scaleY: 0.8,
        name: 'masked',
        filters: [{ type: 'BlendImage', mode: 'mask', image: { type: 'image', src: A('logo.png'), left: 20, top: 30, scaleX: 0.7, scaleY: 0.7 } }],
      },
      { type: 'textbox', text: 'Texture & mask', ...LT, left: 20, top: 200, width: 240, fontFamily: 'Inter', fontWeight: 'bold', fontSize: 26, fill: '#1d2433' },
    ],
  },
  {
    name: 'filters-blend-image-v5',
    version: 5,
    width: 420,
    height: 260,
    background: '#e7f5ff',
    objects: [
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 10,
        top: 10,
        scaleX: 0.4,
        scaleY: 0.4,
        name: 'photo',
        filters: [{ type: 'Grayscale' }, { type: 'BlendImage', mode: 'multiply', image: { type: 'image', src: A('texture.png'), left: 40, top: 20, scaleX: 0.5, scaleY: 0.5 } }],
      },
      {
        type: 'image',
        src: A('landscape.jpg'),
        ...LT,
        left: 215,
        top: 10,
        scaleX: 0.4,
        scaleY: 0.4,
        name: 'cutout',
        filters: [{ type: 'BlendImage', mode: 'mask', image: { type: 'image', src: A('logo.png') } }],
      },
    ],
  },
];
