/**
 * Fabric's text measurement and layout (Text.initDimensions, and Textbox's
 * wrapping), kept in Fabric's own structure so every rounding matches:
 * characters are measured at CACHE_FONT_SIZE (400px) and scaled, and kerning
 * comes from measuring the pair "previous+char" minus the previous char.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { numericFontWeight } from '../../domain/font-weights.js';
import { fontStackFor, resolveFontStack } from '../fonts/font-registry.js';
import { type LinePlacement, type PathAlign, type PathSide, pathOrigin, pathSegmentsInfo, placeLineOnPath, type TextPathGeometry } from './text-on-path.js';
import { graphemeSplit, RE_NEWLINE, type CharStyle, type StyleMapObject } from './text-styles.js';

export const CACHE_FONT_SIZE = 400;
export const FONT_SIZE_MULT = 1.13;
export const FONT_SIZE_FRACTION = 0.222;
export const DECORATION_OFFSETS = { underline: 0.1, linethrough: -0.28167, overline: -0.81333 } as const;
const MIN_TEXT_WIDTH = 2;
const RE_SPACE_AND_TAB = /[ \t\r]/;
const RE_SPACES_AND_TABS = /[ \t\r]/g;
const WORD_JOINERS = /[ \t\r]/;

export interface TextProps {
  text: string;
  isTextbox: boolean;
  width: number;
  fontSize: number;
  fontFamily: string;
  fontWeight: string | number;
  fontStyle: string;
  lineHeight: number;
  charSpacing: number;
  textAlign: string;
  direction: string;
  splitByGrapheme: boolean;
  underline: boolean;
  overline: boolean;
  linethrough: boolean;
  textBackgroundColor: string;
  fill: unknown;
  stroke: unknown;
  strokeWidth: number;
  deltaY: number;
  textDecorationThickness: number;
  textDecorationColor: string;
  styles: StyleMapObject;
  /** Text on a path: the path's geometry (Fabric's `text.path`), or null. */
  path: TextPathGeometry | null;
  pathSide: PathSide;
  pathAlign: PathAlign;
  pathStartOffset: number;
  /** Major version of the Fabric that wrote the object, where its text code differs (path placement). */
  major: number;
  /** Restricts account fonts to one account's keys; all registered when absent. */
  accountKeys?: ReadonlySet<string>;
}

export interface GraphemeBox {
  width: number;
  kernedWidth: number;
  left: number;
  height: number;
  deltaY: number;
  /** On a path: the grapheme's centre relative to the text's centre, and its rotation (radians). */
  renderLeft?: number;
  renderTop?: number;
  angle?: number;
}

let measuringCtx: SKRSContext2D | undefined;
let measuringFont = '';
/**
 * The thread's measuring context with `font` set. Assigning `ctx.font` makes
 * Skia parse the declaration and match every family in it, and our stacks
 * list each subset alias plus the fallbacks (hundreds of names): that was
 * 70% of laying out a card's text. A run of characters in one style now sets
 * it once.
 */
function measuringContext(font: string): SKRSContext2D {
  measuringCtx ??= createCanvas(1, 1).getContext('2d');
  if (font !== measuringFont) {
    measuringCtx.font = font;
    measuringFont = font;
  }
  return measuringCtx;
}

/** Fabric's global char-width cache (cache.getFontCache), per family/style/weight. */
const fontCaches = new Map<string, Map<string, number>>();

export class TextLayout {
  readonly p: TextProps;
  width: number;
  height = 0;
  textLines: string[] = [];
  lines: string[][] = [];
  /** Textbox: wrapped line -> position in the unwrapped text, for styles. */
  styleMap: Array<{ line: number; offset: number }> | undefined;
  charBounds: GraphemeBox[][] = [];
  private lineWidths: number[] = [];
  private lineHeights: number[] = [];
  private dynamicMinWidth = 0;
  private isWrapping = false;

  /** The account-font part of the char-width cache key, joined once per layout rather than per character. */
  private readonly accountKeyList: string;
  private readonly placement: LinePlacement | undefined;

  constructor(props: TextProps) {
    this.p = props;
    this.accountKeyList = props.accountKeys ? [...props.accountKeys].join(',') : '';
    this.width = props.width;
    if (props.path) {
      const infos = pathSegmentsInfo(props.path.commands, props.major);
      this.placement = {
        path: props.path,
        infos,
        side: props.pathSide,
        startOffset: props.pathStartOffset,
        textAlign: props.textAlign,
        origin: pathOrigin(props.path, infos, props.major),
      };
    }
    if (props.isTextbox) this.initTextbox();
    else this.initText();
  }

  private initText(): void {
    const split = this.splitText(this.p.text);
    this.textLines = split.lines;
    this.lines = split.graphemeLines;
    const path = this.p.path;
    if (path) {
      // The path's box is the text's; Fabric 5 added a line's height around it, "an approximation".
      const margin = this.p.major < 6 ? this.heightOfLine(0) * 1.1 : 0;
      this.width = path.width + margin;
      this.height = path.height + margin;
    } else {
      this.width = this.calcTextWidth() || MIN_TEXT_WIDTH;
      this.height = this.calcTextHeight();
    }
    if (this.p.textAlign.includes('justify')) this.enlargeSpaces();
  }

  private initTextbox(): void {
    this.dynamicMinWidth = 0;
    const raw = this.p.text.split(RE_NEWLINE);
    const wrapped = this.wrapText(raw, this.width);
    this.lines = wrapped;
    this.textLines = wrapped.map((l) => l.join(''));
    this.styleMap = this.generateStyleMap(raw, wrapped);
    if (this.dynamicMinWidth > this.width) this.width = this.dynamicMinWidth;
    if (this.p.textAlign.includes('justify')) this.enlargeSpaces();
    this.height = this.calcTextHeight();
  }

  private splitText(text: string): { lines: string[]; graphemeLines: string[][] } {
    const lines = text.split(RE_NEWLINE);
    return { lines, graphemeLines: lines.map((line) => graphemeSplit(line, this.p.major)) };
  }

  // ---------- styles ----------

  styleDeclaration(lineIndex: number, charIndex: number): CharStyle {
    if (this.styleMap && !this.isWrapping) {
      const map = this.styleMap[lineIndex];
      if (!map) return {};
      lineIndex = map.line;
      charIndex = map.offset + charIndex;
    }
    const line = this.p.styles[lineIndex];
    return line ? (line[charIndex] ?? {}) : {};
  }

  completeStyle(lineIndex: number, charIndex: number): Required<Pick<CharStyle, 'fontSize' | 'fontFamily' | 'fontWeight' | 'fontStyle' | 'deltaY'>> & CharStyle {
    const p = this.p;
    return {
      fontSize: p.fontSize,
      fontWeight: p.fontWeight,
      fontFamily: p.fontFamily,
      fontStyle: p.fontStyle,
      underline: p.underline,
      overline: p.overline,
      linethrough: p.linethrough,
      stroke: p.stroke,
      strokeWidth: p.strokeWidth,
      fill: p.fill,
      deltaY: p.deltaY,
      textBackgroundColor: p.textBackgroundColor,
      textDecorationThickness: p.textDecorationThickness,
      textDecorationColor: p.textDecorationColor,
      ...this.styleDeclaration(lineIndex, charIndex),
    };
  }

  valueAt<K extends keyof CharStyle>(lineIndex: number, charIndex: number, prop: K): NonNullable<CharStyle[K]> | TextProps[K & keyof TextProps] {
    const v = this.styleDeclaration(lineIndex, charIndex)[prop];
    return (v ?? this.p[prop as keyof TextProps]) as never;
  }

  /** Text.isEmptyStyles / Textbox.isEmptyStyles for one rendered line. */
  isEmptyStyles(lineIndex: number): boolean {
    let offset = 0;
    let nextOffset = 0;
    let shouldLimit = false;
    let line = lineIndex;
    if (this.styleMap) {
      const map = this.styleMap[lineIndex];
      const next = this.styleMap[lineIndex + 1];
      if (map) {
        line = map.line;
        offset = map.offset;
      }
      if (next) {
        shouldLimit = next.line === line;
        nextOffset = next.offset;
      }
    }
    const chars = this.p.styles[line];
    if (!chars) return true;
    for (const key of Object.keys(chars)) {
      const n = parseInt(key, 10);
      if (this.styleMap && !(n >= offset && (!shouldLimit || n < nextOffset))) continue;
      if (Object.keys(chars[n] ?? {}).length > 0) return false;
    }
    return true;
  }

  /** styleHas: any style on the whole text (lineIndex undefined) or one line. */
  styleHas(prop: keyof CharStyle, lineIndex?: number): boolean {
    let lines: Array<Record<number, CharStyle>>;
    if (lineIndex === undefined) lines = Object.values(this.p.styles);
    else {
      const l = this.styleMap?.[lineIndex]?.line ?? lineIndex;
      const entry = this.p.styles[l];
      if (!entry) return false;
      lines = [entry];
    }
    return lines.some((chars) => Object.values(chars).some((s) => s[prop] !== undefined));
  }

  // ---------- measurement ----------

  /** With `text`, the declaration for measuring or drawing that text only (fontStackFor: usually one family, and much cheaper for Skia). */
  fontDeclaration(style: Pick<CharStyle, 'fontFamily' | 'fontStyle' | 'fontWeight' | 'fontSize'>, forMeasuring = false, text?: string): string {
    const family = style.fontFamily ?? this.p.fontFamily;
    const fontStyle = style.fontStyle ?? this.p.fontStyle;
    const weight = style.fontWeight ?? this.p.fontWeight;
    const size = forMeasuring ? CACHE_FONT_SIZE : (style.fontSize ?? this.p.fontSize);
    const numeric = numericFontWeight(weight) ?? 400;
    const stack = text === undefined ? resolveFontStack(family, numeric, fontStyle, this.p.accountKeys) : fontStackFor(text, family, numeric, fontStyle, this.p.accountKeys);
    return `${fontStyle} ${weight} ${size}px ${stack}`;
  }

  /**
   * Fabric compares the two font declaration strings; these are the fields
   * they are built from. Comparing the strings themselves meant building and
   * comparing two multi-kilobyte font stacks per character.
   */
  private sameFontDeclaration(a: CharStyle, b: CharStyle): boolean {
    const p = this.p;
    return (
      (a.fontFamily ?? p.fontFamily) === (b.fontFamily ?? p.fontFamily) &&
      (a.fontStyle ?? p.fontStyle) === (b.fontStyle ?? p.fontStyle) &&
      (a.fontWeight ?? p.fontWeight) === (b.fontWeight ?? p.fontWeight) &&
      (a.fontSize ?? p.fontSize) === (b.fontSize ?? p.fontSize)
    );
  }

  private measureChar(ch: string, style: CharStyle, prev: string | undefined, prevStyle: CharStyle | undefined): { width: number; kernedWidth: number } {
    const family = (style.fontFamily ?? this.p.fontFamily).toLowerCase();
    const cacheKey = `${family}\u0000${style.fontStyle}\u0000${style.fontWeight}\u0000${this.accountKeyList}`;
    let cache = fontCaches.get(cacheKey);
    if (!cache) fontCaches.set(cacheKey, (cache = new Map()));
    const couple = prev ? prev + ch : ch;
    const stylesAreEqual = !!prev && !!prevStyle && this.sameFontDeclaration(style, prevStyle);
    const mult = (style.fontSize ?? this.p.fontSize) / CACHE_FONT_SIZE;
    let width = cache.get(ch);
    let kernedWidth = width;
    let previousWidth = prev ? cache.get(prev) : undefined;
    let coupleWidth = stylesAreEqual ? cache.get(couple) : undefined;
    if (coupleWidth !== undefined) kernedWidth = coupleWidth - previousWidth!;
    if (width === undefined || previousWidth === undefined || coupleWidth === undefined) {
      // measureText's width does not depend on textBaseline, so it is left as is.
      // Every string measured below is made of the couple's characters.
      const ctx = measuringContext(this.fontDeclaration(style, true, stylesAreEqual ? couple : ch));
      if (width === undefined) {
        kernedWidth = width = ctx.measureText(ch).width;
        cache.set(ch, width);
      }
      if (previousWidth === undefined && stylesAreEqual && prev) {
        previousWidth = ctx.measureText(prev).width;
        cache.set(prev, previousWidth);
      }
      if (stylesAreEqual && coupleWidth === undefined) {
        coupleWidth = ctx.measureText(couple).width;
        cache.set(couple, coupleWidth);
        kernedWidth = coupleWidth - previousWidth!;
      }
    }
    return { width: width * mult, kernedWidth: kernedWidth! * mult };
  }

  charSpacingWidth(): number {
    return this.p.charSpacing !== 0 ? (this.p.fontSize * this.p.charSpacing) / 1000 : 0;
  }

  graphemeBox(grapheme: string, lineIndex: number, charIndex: number, prev?: string, skipLeft = false): GraphemeBox {
    const style = this.completeStyle(lineIndex, charIndex);
    const prevStyle = prev ? this.completeStyle(lineIndex, charIndex - 1) : undefined;
    const info = this.measureChar(grapheme, style, prev, prevStyle);
    let { width, kernedWidth } = info;
    if (this.p.charSpacing !== 0) {
      const cs = this.charSpacingWidth();
      width += cs;
      kernedWidth += cs;
    }
    const box: GraphemeBox = { width, left: 0, height: style.fontSize, kernedWidth, deltaY: style.deltaY };
    if (charIndex > 0 && !skipLeft) {
      const previous = this.charBounds[lineIndex][charIndex - 1];
      box.left = previous.left + previous.width + info.kernedWidth - info.width;
    }
    return box;
  }

  private measureLine(lineIndex: number): number {
    let width = 0;
    let prev: string | undefined;
    let info: GraphemeBox | undefined;
    const line = this.lines[lineIndex];
    const bounds: GraphemeBox[] = new Array(line.length);
    this.charBounds[lineIndex] = bounds;
    for (let i = 0; i < line.length; i++) {
      info = this.graphemeBox(line[i], lineIndex, i, prev);
      bounds[i] = info;
      width += info.kernedWidth;
      prev = line[i];
    }
    bounds[line.length] = { left: info ? info.left + info.width : 0, width: 0, kernedWidth: 0, height: this.p.fontSize, deltaY: 0 };
    if (this.placement) placeLineOnPath(bounds.slice(0, line.length), width, this.placement);
    if (this.p.charSpacing !== 0) width -= this.charSpacingWidth();
    return Math.max(width, 0);
  }

  getLineWidth(lineIndex: number): number {
    const cached = this.lineWidths[lineIndex];
    if (cached !== undefined) return cached;
    return (this.lineWidths[lineIndex] = this.measureLine(lineIndex));
  }

  private calcTextWidth(): number {
    let max = this.getLineWidth(0);
    for (let i = 1; i < this.lines.length; i++) max = Math.max(max, this.getLineWidth(i));
    return max;
  }

  /** Height of a line without lineHeight: max font size × _fontSizeMult. */
  heightOfLineImpl(lineIndex: number): number {
    const cached = this.lineHeights[lineIndex];
    if (cached) return cached;
    let max = this.valueAt(lineIndex, 0, 'fontSize') as number;
    for (let i = 1; i < this.lines[lineIndex].length; i++) max = Math.max(this.valueAt(lineIndex, i, 'fontSize') as number, max);
    return (this.lineHeights[lineIndex] = max * FONT_SIZE_MULT);
  }

  heightOfLine(lineIndex: number): number {
    return this.heightOfLineImpl(lineIndex) * this.p.lineHeight;
  }

  private calcTextHeight(): number {
    let h = 0;
    for (let i = 0; i < this.lines.length; i++) h += i === this.lines.length - 1 ? this.heightOfLineImpl(i) : this.heightOfLine(i);
    return h;
  }

  isEndOfWrapping(lineIndex: number): boolean {
    if (!this.styleMap) return lineIndex === this.lines.length - 1;
    const next = this.styleMap[lineIndex + 1];
    return !next || next.line !== this.styleMap[lineIndex].line;
  }

  private enlargeSpaces(): void {
    const len = this.lines.length;
    for (let i = 0; i < len; i++) {
      if (this.p.textAlign !== 'justify' && (i === len - 1 || this.isEndOfWrapping(i))) continue;
      let accumulated = 0;
      const line = this.lines[i];
      const lineWidth = this.getLineWidth(i);
      const spaces = this.textLines[i].match(RE_SPACES_AND_TABS);
      if (lineWidth < this.width && spaces) {
        const diff = (this.width - lineWidth) / spaces.length;
        for (let j = 0; j <= line.length; j++) {
          const box = this.charBounds[i][j];
          if (RE_SPACE_AND_TAB.test(line[j])) {
            box.width += diff;
            box.kernedWidth += diff;
            box.left += accumulated;
            accumulated += diff;
          } else {
            box.left += accumulated;
          }
        }
      }
    }
  }

  // ---------- Textbox wrapping ----------

  private measureWord(word: string[], lineIndex: number, charOffset = 0): number {
    let width = 0;
    let prev: string | undefined;
    for (let i = 0; i < word.length; i++) {
      width += this.graphemeBox(word[i], lineIndex, i + charOffset, prev, true).kernedWidth;
      prev = word[i];
    }
    return width;
  }

  private wrapText(lines: string[], desiredWidth: number): string[][] {
    this.isWrapping = true;
    const split = this.p.splitByGrapheme;
    const infixLen = split ? 0 : 1;
    let largestWordWidth = 0;
    const wordsData = lines.map((line, lineIndex) => {
      let offset = 0;
      const words = split ? graphemeSplit(line, this.p.major) : line.split(WORD_JOINERS);
      if (words.length === 0) return [{ word: [] as string[], width: 0 }];
      return words.map((w) => {
        const graphemes = split ? [w] : graphemeSplit(w, this.p.major);
        const width = this.measureWord(graphemes, lineIndex, offset);
        largestWordWidth = Math.max(width, largestWordWidth);
        offset += graphemes.length + infixLen;
        return { word: graphemes, width };
      });
    });
    const wrapped: string[][] = [];
    for (let i = 0; i < wordsData.length; i++) wrapped.push(...this.wrapLine(i, desiredWidth, wordsData, largestWordWidth));
    this.isWrapping = false;
    return wrapped;
  }

  private wrapLine(lineIndex: number, desiredWidth: number, wordsData: Array<Array<{ word: string[]; width: number }>>, largestWordWidth: number): string[][] {
    const additionalSpace = this.charSpacingWidth();
    const split = this.p.splitByGrapheme;
    const out: string[][] = [];
    let lineWidth = 0;
    let line: string[] = [];
    let offset = 0;
    let infixWidth = 0;
    let lineJustStarted = true;
    const maxWidth = Math.max(desiredWidth, largestWordWidth, this.dynamicMinWidth);
    const data = wordsData[lineIndex];
    let i;
    for (i = 0; i < data.length; i++) {
      const { word, width: wordWidth } = data[i];
      offset += word.length;
      lineWidth += infixWidth + wordWidth - additionalSpace;
      if (lineWidth > maxWidth && !lineJustStarted) {
        out.push(line);
        line = [];
        lineWidth = wordWidth;
        lineJustStarted = true;
      } else {
        lineWidth += additionalSpace;
      }
      if (!lineJustStarted && !split) line.push(' ');
      line = line.concat(word);
      infixWidth = split ? 0 : this.measureWord([' '], lineIndex, offset);
      offset++;
      lineJustStarted = false;
    }
    if (i) out.push(line);
    if (largestWordWidth > this.dynamicMinWidth) this.dynamicMinWidth = largestWordWidth - additionalSpace;
    return out;
  }

  /** Textbox._generateStyleMap, walking Fabric's graphemeText (lines joined by '\n'). */
  private generateStyleMap(rawLines: string[], wrapped: string[][]): Array<{ line: number; offset: number }> {
    const graphemeText: string[] = [];
    rawLines.forEach((l, i) => {
      if (i > 0) graphemeText.push('\n');
      graphemeText.push(...graphemeSplit(l, this.p.major));
    });
    let realLine = 0;
    let realChar = 0;
    let charCount = 0;
    const map: Array<{ line: number; offset: number }> = [];
    for (let i = 0; i < wrapped.length; i++) {
      if (graphemeText[charCount] === '\n' && i > 0) {
        realChar = 0;
        charCount++;
        realLine++;
      } else if (!this.p.splitByGrapheme && RE_SPACE_AND_TAB.test(graphemeText[charCount] ?? '') && i > 0) {
        realChar++;
        charCount++;
      }
      map[i] = { line: realLine, offset: realChar };
      charCount += wrapped[i].length;
      realChar += wrapped[i].length;
    }
    return map;
  }

  // ---------- offsets ----------

  leftOffset(): number {
    return this.p.direction === 'rtl' ? this.width / 2 : -this.width / 2;
  }

  topOffset(): number {
    return -this.height / 2;
  }

  lineLeftOffset(lineIndex: number): number {
    const lineDiff = this.width - this.getLineWidth(lineIndex);
    const align = this.p.textAlign;
    const end = this.isEndOfWrapping(lineIndex);
    if (align === 'justify' || ((align === 'justify-center' || align === 'justify-right' || align === 'justify-left') && !end)) return 0;
    let off = 0;
    if (align === 'center' || align === 'justify-center') off = lineDiff / 2;
    if (align === 'right' || align === 'justify-right') off = lineDiff;
    if (this.p.direction === 'rtl') {
      if (align === 'right' || align === 'justify-right') off = 0;
      else if (align === 'left' || align === 'justify-left') off = -lineDiff;
      else if (align === 'center' || align === 'justify-center') off = -lineDiff / 2;
    }
    return off;
  }
}
