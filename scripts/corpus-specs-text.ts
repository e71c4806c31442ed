/**
 * Corpus entries for text features (weights 100-900, ...), kept apart from corpus-specs.ts so that
 * parallel work on other features adds to its own list. Same shape and rules as CORPUS.
 */
import type { CorpusSpec } from './corpus-specs.js';

type Obj = Record<string, unknown>;
const LT = { originX: 'left', originY: 'top' } as const;

function text(t: string, extra: Obj = {}): Obj {
  return { type: 'textbox', text: t, fontFamily: 'Inter', fontSize: 20, fill: '#1d2433', ...LT, ...extra };
}

const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];

export const TEXT_CORPUS: CorpusSpec[] = [
  {
    name: 'text-weights-inter-ladder',
    version: 7,
    width: 600,
    height: 420,
    background: '#ffffff',
    objects: [
      text('Weights', { left: 24, top: 12, fontSize: 18, fill: '#6b7280', fontWeight: 600 }),
      ...WEIGHTS.map((w, i) => text(`${w} Summer sale — up to 40% off`, { left: 24, top: 44 + i * 40, width: 560, fontSize: 28, fontWeight: w })),
    ],
  },
  {
    name: 'text-weights-families-v6',
    version: 6,
    width: 600,
    height: 440,
    background: '#fdf6ec',
    objects: [
      text('THIN HEADLINE', { left: 24, top: 20, width: 560, fontFamily: 'Montserrat', fontSize: 40, fontWeight: 100 }),
      text('BLACK HEADLINE', { left: 24, top: 70, width: 560, fontFamily: 'Montserrat', fontSize: 40, fontWeight: 900 }),
      text('Lato hairline 100 and black 900', { left: 24, top: 130, width: 560, fontFamily: 'Lato', fontSize: 26, fontWeight: 100 }),
      text('Lato black 900', { left: 24, top: 166, width: 560, fontFamily: 'Lato', fontSize: 26, fontWeight: 900, fontStyle: 'italic' }),
      text('Playfair Display 900', { left: 24, top: 204, width: 560, fontFamily: 'Playfair Display', fontSize: 32, fontWeight: 900, fill: '#7c2d12' }),
      text('Merriweather light 300 body copy, set in a paragraph that wraps.', { left: 24, top: 252, width: 330, fontFamily: 'Merriweather', fontSize: 17, fontWeight: 300 }),
      text('const price = 19.99; // 200', { left: 24, top: 330, width: 560, fontFamily: 'Source Code Pro', fontSize: 20, fontWeight: 200 }),
      text('Open Sans 300 / 800', { left: 24, top: 364, width: 300, fontFamily: 'Open Sans', fontSize: 22, fontWeight: 300 }),
      text('OSWALD 200', { left: 380, top: 252, width: 200, fontFamily: 'Oswald', fontSize: 44, fontWeight: 200, fill: '#1e3a8a' }),
      text('Poppins 800', { left: 380, top: 364, width: 200, fontFamily: 'Poppins', fontSize: 26, fontWeight: 800, fill: '#be123c' }),
    ],
  },
  {
    name: 'text-weights-char-styles-v5',
    version: 5,
    width: 500,
    height: 240,
    background: '#eef2ff',
    objects: [
      text('Light regular medium semibold black', {
        left: 20,
        top: 20,
        width: 460,
        fontFamily: 'Roboto',
        fontSize: 30,
        fontWeight: 300,
        styles: { 0: Object.fromEntries([...Array(35).keys()].map((i) => [i, { fontWeight: [300, 400, 500, 600, 900][Math.min(4, Math.floor(i / 7))] }])) },
      }),
      text('Noto Sans 100 Ελληνικά Кириллица', { left: 20, top: 140, width: 460, fontFamily: 'Noto Sans', fontSize: 28, fontWeight: 100 }),
      text('Noto Sans 800', { left: 20, top: 186, width: 460, fontFamily: 'Noto Sans', fontSize: 28, fontWeight: 800, fill: '#4338ca' }),
    ],
  },
  {
    name: 'text-oblique-styles',
    version: 7,
    width: 500,
    height: 260,
    background: '#ffffff',
    objects: [
      text('Oblique Inter 400', { left: 20, top: 20, width: 460, fontSize: 30, fontStyle: 'oblique' }),
      text('Oblique Montserrat 800', { left: 20, top: 70, width: 460, fontSize: 30, fontFamily: 'Montserrat', fontWeight: 800, fontStyle: 'oblique' }),
      text('Italic Montserrat 800', { left: 20, top: 120, width: 460, fontSize: 30, fontFamily: 'Montserrat', fontWeight: 800, fontStyle: 'italic' }),
      text('Oblique Oswald (no italic face)', { left: 20, top: 180, width: 460, fontSize: 30, fontFamily: 'Oswald', fontStyle: 'oblique', fill: '#9d174d' }),
    ],
  },
  {
    name: 'text-decoration-thickness-color',
    version: 7,
    width: 500,
    height: 280,
    background: '#fffbeb',
    objects: [
      text('Limited offer', { left: 20, top: 20, width: 460, fontSize: 44, fontWeight: 800, underline: true, textDecorationThickness: 140, textDecorationColor: '#f59e0b' }),
      text('Was $49, now $29', {
        left: 20,
        top: 100,
        width: 460,
        fontSize: 32,
        linethrough: true,
        textDecorationThickness: 90,
        textDecorationColor: '#dc2626',
        styles: [{ start: 10, end: 16, style: { linethrough: false, underline: true, textDecorationColor: '#16a34a', textDecorationThickness: 200 } }],
      }),
      text('Overline with a hairline', { left: 20, top: 170, width: 460, fontSize: 28, fontFamily: 'Playfair Display', overline: true, textDecorationThickness: 25 }),
      text('Default underline', { left: 20, top: 220, width: 460, fontSize: 28, underline: true }),
    ],
  },
  {
    name: 'text-decoration-thickness-v6',
    version: 6,
    width: 500,
    height: 200,
    background: '#ffffff',
    objects: [
      text('Thick underline', { left: 20, top: 20, width: 460, fontSize: 40, fontFamily: 'Poppins', underline: true, textDecorationThickness: 180, fill: '#1d4ed8' }),
      text('Thin strike', {
        left: 20,
        top: 100,
        width: 460,
        fontSize: 40,
        linethrough: true,
        textDecorationThickness: 30,
        styles: [{ start: 0, end: 4, style: { textDecorationThickness: 150 } }],
      }),
    ],
  },
  {
    // Stray control characters arrive in data from spreadsheets and no-code tools. Chromium's canvas
    // turns TAB, VT, FF and CR into spaces (the canvas text preparation algorithm), draws NUL as a gap
    // and the other C0 and C1 controls as the font's .notdef box, and gives default-ignorables (ZWSP,
    // SHY, LRM, word joiner) no width. U+FFFD is left out: Chromium draws it from a system font.
    name: 'text-control-characters',
    version: 7,
    width: 640,
    height: 290,
    background: '#ffffff',
    objects: [
      { ...text('NUL[\u0000] BEL[\u0007] ESC[\u001b] DEL[\u007f]', { left: 20, top: 16, fontSize: 30 }), type: 'text' },
      { ...text('NEL[\u0085] CSI[\u009b] TAB[\t] VT[\u000b] FF[\u000c]', { left: 20, top: 66, fontSize: 30, underline: true }), type: 'text' },
      { ...text('ZW[\u200b] SHY[\u00ad] LRM[\u200e] WJ[\u2060] end', { left: 20, top: 116, fontSize: 30, textBackgroundColor: '#fde68a' }), type: 'text' },
      text('Row\u0007 from a sheet:\tname\u0000 and\u001f price wrap here', {
        left: 20,
        top: 170,
        width: 300,
        fontSize: 26,
        textAlign: 'justify',
        styles: [{ start: 3, end: 9, style: { fill: '#dc2626', fontWeight: 700 } }],
      }),
      text('\u0002Start and end\u0003', { left: 360, top: 170, width: 260, fontSize: 26, fontFamily: 'Lato', textAlign: 'right', linethrough: true }),
    ],
  },
];
