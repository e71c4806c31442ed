/**
 * The renderer's own typed view of a Fabric object after normalisation:
 * every property resolved to Fabric's default for the document's version,
 * and derived geometry (line/polyline/path bounding boxes) computed the way
 * Fabric's constructors compute it when loading JSON.
 */
import type { ImageFilter } from '../domain/image-filters.js';
import type { FabricObject } from '../domain/template.js';
import type { Mat } from './matrix.js';
import type { SimplePathCommand } from './path-geometry.js';

export interface ShadowDef {
  color: string;
  blur: number;
  offsetX: number;
  offsetY: number;
  affectStroke: boolean;
  nonScaling: boolean;
}

export interface GradientDef {
  type: 'linear' | 'radial';
  coords: { x1: number; y1: number; x2: number; y2: number; r1: number; r2: number };
  colorStops: Array<{ offset: number; color: string }>;
  gradientUnits: 'pixels' | 'percentage';
  gradientTransform: Mat | null;
  offsetX: number;
  offsetY: number;
}

export type PatternRepeat = 'repeat' | 'repeat-x' | 'repeat-y' | 'no-repeat';

/** A Fabric Pattern with an image source: `source` is the key of its decoded image in the render's image map. */
export interface PatternDef {
  type: 'pattern';
  source: string;
  repeat: PatternRepeat;
  offsetX: number;
  offsetY: number;
  patternTransform: Mat | null;
}

/** A colour, a gradient or a pattern: what Fabric calls a filler. */
export type Paint = string | GradientDef | PatternDef | null;
export type LineCap = 'butt' | 'round' | 'square';
export type LineJoin = 'miter' | 'round' | 'bevel';
export type FillRule = 'nonzero' | 'evenodd';

export type NodeKind = 'rect' | 'circle' | 'ellipse' | 'triangle' | 'line' | 'polyline' | 'polygon' | 'path' | 'image' | 'group' | 'text';

export interface RenderNode {
  kind: NodeKind;
  /** How errors name the element: its `name`, else type and index path. */
  label: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Origins resolved to Fabric's offsets: left/top = -0.5, center = 0, right/bottom = 0.5. */
  originX: number;
  originY: number;
  scaleX: number;
  scaleY: number;
  angle: number;
  flipX: boolean;
  flipY: boolean;
  skewX: number;
  skewY: number;
  opacity: number;
  visible: boolean;
  fill: Paint;
  stroke: Paint;
  strokeWidth: number;
  strokeDashArray: number[] | null;
  strokeDashOffset: number;
  strokeLineCap: LineCap;
  strokeLineJoin: LineJoin;
  strokeMiterLimit: number;
  strokeUniform: boolean;
  paintFirst: 'fill' | 'stroke';
  fillRule: FillRule;
  shadow: ShadowDef | null;
  backgroundColor: string;
  globalCompositeOperation: string;
  objectCaching: boolean;
  clipPath: RenderNode | null;
  inverted: boolean;
  absolutePositioned: boolean;
  // shape specifics
  rx: number;
  ry: number;
  radius: number;
  startAngle: number; // degrees
  endAngle: number; // degrees
  counterClockwise: boolean;
  points: Array<{ x: number; y: number }>;
  pathOffset: { x: number; y: number };
  path: SimplePathCommand[];
  lineFlipX: boolean; // x1 > x2
  lineFlipY: boolean; // y1 > y2
  // image
  src: string;
  /** Fabric's `filters`, normalized (neutral ones dropped); applied to the decoded image before drawing. */
  filters: ImageFilter[];
  /** Fabric's `resizeFilter`: applied while drawing, at the object's total scale, when that is at most minimumScaleTrigger. */
  resizeFilter: { resizeType: 'hermite' | 'bilinear' | 'lanczos'; lanczosLobes: number } | null;
  /** Key of the drawable in the render's image map: `src`, or `src` plus the filter list. */
  imageKey: string;
  cropX: number;
  cropY: number;
  imageSmoothing: boolean;
  fit: 'cover' | 'contain' | 'fill' | null;
  /** width/height came from the document (false: use the image's natural size). */
  hasWidth: boolean;
  hasHeight: boolean;
  // group
  children: RenderNode[];
  // text: the defaults-filled Fabric object handed to the text module
  textSource: FabricObject | null;
  /** Text on a path: the Path object Fabric's Text._render draws before the glyphs (when visible). */
  textPath: RenderNode | null;
  /** Major version of the Fabric that wrote the document (its text code differs on paths). */
  major: number;
  fontSize: number;
  /** Opaque result of the text module's prepareText, filled in by the prepare stage. */
  prepared: unknown;
}
