import type { SKRSContext2D } from '@napi-rs/canvas';
import { documentMajorVersion, type FabricObject } from '../../domain/template.js';
import { pathGeometry } from '../normalize-document.js';
import { type DrawOptions, drawTextLayout } from './text-draw.js';
import { TextLayout, type TextProps } from './text-layout.js';
import type { PathAlign, TextPathGeometry } from './text-on-path.js';
import { parseStyles } from './text-styles.js';
import { fitTextProps } from './text-fit.js';
import { fitBox, minFontSizeOf } from '../../domain/shrink-to-fit.js';

export interface PreparedText {
  width: number;
  height: number;
  /** Font size after textFit (equals the object's fontSize without it). */
  fontSize: number;
  readonly layout: TextLayout;
  /** With `textFit: 'shrink'`: the text is larger than its box even at `minFontSize`. */
  overflow?: { box: { width: number; height: number }; minFontSize: number };
}

export interface PrepareOptions {
  /** The rendering account's uploaded fonts; only these may answer for a family. */
  fonts?: ReadonlyArray<{ key: string }>;
  /** Major version of the Fabric that wrote the document; else the object's own `version` (missing: 7). */
  major?: number;
}

const PATH_ALIGNS: readonly PathAlign[] = ['baseline', 'center', 'ascender', 'descender'];

/** The Path object a text follows, as Fabric revives `text.path`; null without one. */
function textPath(value: unknown): TextPathGeometry | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const g = pathGeometry((value as FabricObject).path);
  return g.path.length ? { commands: g.path, pathOffset: g.pathOffset, width: g.width, height: g.height } : null;
}

const TEXT_TYPES = new Set(['text', 'i-text', 'itext', 'textbox']);

export function isTextType(type: string): boolean {
  return TEXT_TYPES.has(type.toLowerCase());
}

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);
const bool = (v: unknown): boolean => v === true;

/** Fabric v7 Text/Textbox defaults (textDefaultValues, textboxDefaultValues, FabricObject). */
export function textPropsFromObject(obj: FabricObject, options: PrepareOptions = {}): TextProps {
  const text = typeof obj.text === 'string' ? obj.text : obj.text == null ? '' : String(obj.text);
  const weight = obj.fontWeight;
  const major = options.major ?? documentMajorVersion(obj as { version?: string });
  return {
    text,
    isTextbox: obj.type.toLowerCase() === 'textbox',
    width: num(obj.width, 0),
    fontSize: num(obj.fontSize, 40),
    fontFamily: str(obj.fontFamily, 'Times New Roman'),
    fontWeight: typeof weight === 'number' || typeof weight === 'string' ? weight : 'normal',
    fontStyle: str(obj.fontStyle, 'normal'),
    lineHeight: num(obj.lineHeight, 1.16),
    charSpacing: num(obj.charSpacing, 0),
    textAlign: str(obj.textAlign, 'left'),
    direction: str(obj.direction, 'ltr'),
    splitByGrapheme: bool(obj.splitByGrapheme),
    underline: bool(obj.underline),
    overline: bool(obj.overline),
    linethrough: bool(obj.linethrough),
    textBackgroundColor: str(obj.textBackgroundColor, ''),
    fill: obj.fill === undefined ? 'rgb(0,0,0)' : obj.fill,
    stroke: obj.stroke ?? null,
    strokeWidth: num(obj.strokeWidth, 1),
    // Fabric keeps an object-level deltaY (default 0) under every character's own.
    deltaY: num(obj.deltaY, 0),
    textDecorationThickness: num(obj.textDecorationThickness, 66.667),
    textDecorationColor: str(obj.textDecorationColor, ''),
    styles: parseStyles(obj.styles, text, major),
    path: textPath(obj.path),
    pathSide: obj.pathSide === 'right' ? 'right' : 'left',
    pathAlign: PATH_ALIGNS.includes(obj.pathAlign as PathAlign) ? (obj.pathAlign as PathAlign) : 'baseline',
    pathStartOffset: num(obj.pathStartOffset, 0),
    major,
    accountKeys: new Set((options.fonts ?? []).map((f) => f.key)),
  };
}

/**
 * Fabric's initDimensions: wraps (Textbox), measures, and sets width/height.
 * With `textFit: 'shrink'` (Imprint extension) the sizes shrink until the
 * text fits the stored box.
 */
export function prepareText(obj: FabricObject, options: PrepareOptions = {}): PreparedText {
  let props = textPropsFromObject(obj, options);
  let overflow: PreparedText['overflow'];
  if (obj.textFit === 'shrink') {
    const box = fitBox(obj);
    const minFontSize = minFontSizeOf(obj);
    const fitted = fitTextProps(props, box, minFontSize);
    props = fitted.props;
    if (fitted.overflows) overflow = { box, minFontSize };
  }
  const layout = new TextLayout(props);
  const prepared: PreparedText = { width: layout.width, height: layout.height, fontSize: props.fontSize, layout };
  if (overflow) prepared.overflow = overflow;
  return prepared;
}

export function drawText(ctx: SKRSContext2D, prepared: PreparedText, obj: FabricObject, images?: DrawOptions['images']): void {
  const shadow = obj.shadow as { affectStroke?: boolean } | null | undefined;
  drawTextLayout(ctx, prepared.layout, {
    images,
    paintFirst: str(obj.paintFirst, 'fill'),
    strokeLineCap: str(obj.strokeLineCap, 'butt'),
    strokeLineJoin: str(obj.strokeLineJoin, 'miter'),
    strokeMiterLimit: num(obj.strokeMiterLimit, 4),
    strokeDashOffset: num(obj.strokeDashOffset, 0),
    strokeDashArray: Array.isArray(obj.strokeDashArray) ? (obj.strokeDashArray as number[]) : null,
    shadowAffectsStroke: !!shadow && shadow.affectStroke === true,
  });
}
