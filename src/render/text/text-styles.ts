/**
 * Per-character styles. Fabric v5 serialises them as an object
 * `{ [line]: { [char]: style } }`; v6/v7 as `[{ start, end, style }]` with
 * indices counted in graphemes over the whole text, newlines NOT counted
 * (Fabric's stylesToArray/stylesFromArray). Both become the object form.
 */
import { splitGraphemes } from '../../domain/graphemes.js';

export interface CharStyle {
  fill?: unknown;
  stroke?: unknown;
  strokeWidth?: number;
  fontSize?: number;
  fontFamily?: string;
  fontWeight?: string | number;
  fontStyle?: string;
  textBackgroundColor?: string;
  deltaY?: number;
  underline?: boolean;
  overline?: boolean;
  linethrough?: boolean;
  textDecorationThickness?: number;
  textDecorationColor?: string;
}

export type StyleMapObject = Record<number, Record<number, CharStyle>>;

export const STYLE_PROPERTIES = [
  'fontSize',
  'fontWeight',
  'fontFamily',
  'fontStyle',
  'underline',
  'overline',
  'linethrough',
  'stroke',
  'strokeWidth',
  'fill',
  'deltaY',
  'textBackgroundColor',
  'textDecorationThickness',
  'textDecorationColor',
] as const;

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Fabric 6 and 7 split with Intl.Segmenter (grapheme granularity) when available, as Chromium does.
 * Fabric 5 (`major` < 6) only keeps surrogate pairs together (its getWholeChar): a skin-tone emoji, a
 * flag or a letter with a combining mark is several of its characters, each drawn, spaced and styled
 * on its own, and the style indices it saved count them so.
 */
export function graphemeSplit(text: string, major: number): string[] {
  // ASCII has no multi-character graphemes except CR LF (UAX #29 GB3), and
  // the segmenter costs ~1 µs a character.
  if (ASCII.test(text) && !text.includes('\r\n')) return text.split('');
  return major < 6 ? Array.from(text) : splitGraphemes(text);
}

export const RE_NEWLINE = /\r?\n/;

function cleanStyle(raw: unknown): CharStyle {
  const out: Record<string, unknown> = {};
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (v !== undefined) out[k] = v;
    }
  }
  return out as CharStyle;
}

export function parseStyles(styles: unknown, text: string, major: number): StyleMapObject {
  const out: StyleMapObject = {};
  if (!styles || typeof styles !== 'object') return out;
  if (!Array.isArray(styles)) {
    for (const [line, chars] of Object.entries(styles as Record<string, unknown>)) {
      if (!chars || typeof chars !== 'object') continue;
      const lineOut: Record<number, CharStyle> = {};
      for (const [ch, st] of Object.entries(chars as Record<string, unknown>)) lineOut[Number(ch)] = cleanStyle(st);
      out[Number(line)] = lineOut;
    }
    return out;
  }
  // Mirrors stylesFromArray, including its assumption that ranges are sorted.
  const ranges = styles as Array<{ start: number; end: number; style: unknown }>;
  let charIndex = -1;
  let styleIndex = 0;
  const lines = text.split(RE_NEWLINE);
  for (let i = 0; i < lines.length; i++) {
    const chars = graphemeSplit(lines[i], major);
    for (let c = 0; c < chars.length; c++) {
      charIndex++;
      const r = ranges[styleIndex];
      if (r && r.start <= charIndex && charIndex < r.end) {
        (out[i] ??= {})[c] = cleanStyle(r.style);
        if (charIndex === r.end - 1) styleIndex++;
      }
    }
  }
  return out;
}

export function hasStyleChanged(a: CharStyle, b: CharStyle): boolean {
  return (
    a.fill !== b.fill ||
    a.stroke !== b.stroke ||
    a.strokeWidth !== b.strokeWidth ||
    a.fontSize !== b.fontSize ||
    a.fontFamily !== b.fontFamily ||
    a.fontWeight !== b.fontWeight ||
    a.fontStyle !== b.fontStyle ||
    a.textDecorationThickness !== b.textDecorationThickness ||
    a.textDecorationColor !== b.textDecorationColor ||
    a.textBackgroundColor !== b.textBackgroundColor ||
    a.deltaY !== b.deltaY
  );
}

/** Multiplies every font size (object and per-char) by `scale`; used by textFit. */
export function scaleStyleFontSizes(styles: StyleMapObject, scale: number): StyleMapObject {
  const out: StyleMapObject = {};
  for (const [line, chars] of Object.entries(styles)) {
    const lineOut: Record<number, CharStyle> = {};
    for (const [ch, st] of Object.entries(chars)) {
      lineOut[Number(ch)] = st.fontSize !== undefined ? { ...st, fontSize: st.fontSize * scale } : st;
    }
    out[Number(line)] = lineOut;
  }
  return out;
}
