/**
 * CSS colour parsing for validation. The renderer hands colour strings to
 * Skia unchanged; this module only decides whether a string is a colour that
 * both Fabric (in the browser) and Skia would understand, so a typo is a 400
 * instead of an object silently painted black.
 */
export interface Rgba {
  /** 0..255, rounded */
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

// CSS Color Module Level 4 named colours (148 names incl. rebeccapurple).
const NAMED_HEX = `aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff
beige f5f5dc bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a
burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed
cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b
darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f
darkorange ff8c00 darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b
darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493
deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0
forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520
gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 indianred cd5c5c
indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00
lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2
lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa
lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0
lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa
mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371 mediumslateblue 7b68ee
mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585 midnightblue 191970 mintcream f5fffa
mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23
orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee
palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6
purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 saddlebrown 8b4513
salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d silver c0c0c0 skyblue 87ceeb
slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c
teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff
whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32`;

const NAMED = new Map<string, string>();
{
  const parts = NAMED_HEX.split(/\s+/).filter(Boolean);
  for (let i = 0; i < parts.length; i += 2) NAMED.set(parts[i], parts[i + 1]);
}

/** Every CSS colour keyword we accept, lower-case (for messages and docs). */
export const CSS_COLOR_NAMES: readonly string[] = [...NAMED.keys(), 'transparent'];

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const reNumber = new RegExp(`^${NUMBER}$`, 'i');
const rePercent = new RegExp(`^${NUMBER}%$`, 'i');
const reAngle = new RegExp(`^(${NUMBER})(deg|grad|rad|turn)?$`, 'i');
const reFunction = /^(rgba?|hsla?)\((.*)\)$/i;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function parseColor(input: string): Rgba | null {
  if (typeof input !== 'string') return null;
  const s = input.trim().toLowerCase();
  if (s === '') return null;
  if (s === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  if (s[0] === '#') return parseHex(s.slice(1));
  const named = NAMED.get(s);
  if (named) return parseHex(named);
  const fn = reFunction.exec(s);
  if (!fn) return null;
  const args = splitArgs(fn[2]);
  if (!args) return null;
  return fn[1].startsWith('rgb') ? parseRgb(args) : parseHsl(args);
}

export function isColor(value: unknown): value is string {
  return typeof value === 'string' && parseColor(value) !== null;
}

function parseHex(hex: string): Rgba | null {
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  let h = hex;
  if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
  if (h.length !== 6 && h.length !== 8) return null;
  const byte = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), a: h.length === 8 ? byte(6) / 255 : 1 };
}

/**
 * Accepts both the legacy comma syntax `rgb(1, 2, 3, .5)` and the CSS 4 space
 * syntax `rgb(1 2 3 / 50%)`; the two may not be mixed, as in CSS.
 */
function splitArgs(body: string): string[] | null {
  const text = body.trim();
  if (text.includes(',')) {
    if (text.includes('/')) return null;
    const parts = text.split(',').map((p) => p.trim());
    if (parts.some((p) => p === '' || /\s/.test(p))) return null;
    return parts.length === 3 || parts.length === 4 ? parts : null;
  }
  const [main, alpha, ...rest] = text.split('/');
  if (rest.length > 0) return null;
  const parts = main.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 3) return null;
  if (alpha !== undefined) {
    const a = alpha.trim();
    if (a === '' || /\s/.test(a)) return null;
    parts.push(a);
  }
  return parts;
}

function parseAlpha(arg: string | undefined): number | null {
  if (arg === undefined) return 1;
  if (reNumber.test(arg)) return clamp(Number(arg), 0, 1);
  if (rePercent.test(arg)) return clamp(Number(arg.slice(0, -1)) / 100, 0, 1);
  return null;
}

function parseRgb(args: string[]): Rgba | null {
  const channels: number[] = [];
  for (const arg of args.slice(0, 3)) {
    if (reNumber.test(arg)) channels.push(clamp(Number(arg), 0, 255));
    else if (rePercent.test(arg)) channels.push(clamp((Number(arg.slice(0, -1)) * 255) / 100, 0, 255));
    else return null;
  }
  const a = parseAlpha(args[3]);
  if (a === null) return null;
  return { r: Math.round(channels[0]), g: Math.round(channels[1]), b: Math.round(channels[2]), a };
}

function parseHsl(args: string[]): Rgba | null {
  const hue = reAngle.exec(args[0]);
  if (!hue) return null;
  const unit = (hue[2] ?? 'deg').toLowerCase();
  const perDegree: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
  const h = (((Number(hue[1]) * perDegree[unit]) % 360) + 360) % 360;
  // CSS 4 allows bare numbers for saturation and lightness; browsers accept them.
  const pct = (arg: string) => (rePercent.test(arg) ? Number(arg.slice(0, -1)) : reNumber.test(arg) ? Number(arg) : null);
  const sRaw = pct(args[1]);
  const lRaw = pct(args[2]);
  if (sRaw === null || lRaw === null) return null;
  const a = parseAlpha(args[3]);
  if (a === null) return null;
  const sat = clamp(sRaw, 0, 100) / 100;
  const light = clamp(lRaw, 0, 100) / 100;
  const chroma = (1 - Math.abs(2 * light - 1)) * sat;
  const x = chroma * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = light - chroma / 2;
  const [r1, g1, b1] = h < 60 ? [chroma, x, 0] : h < 120 ? [x, chroma, 0] : h < 180 ? [0, chroma, x] : h < 240 ? [0, x, chroma] : h < 300 ? [x, 0, chroma] : [chroma, 0, x];
  const byte = (v: number) => Math.round((v + m) * 255);
  return { r: byte(r1), g: byte(g1), b: byte(b1), a };
}
