/**
 * Fabric's text on a path (util/path getPathSegmentsInfo / getPointOnPath,
 * Text._measureLine / _setGraphemeOnPath): each grapheme is centred at the
 * point its advance reaches along the path, rotated to the tangent there.
 * Curves are measured as Fabric measures them: 100 chords for the length, a
 * halving search for the distance, so glyphs land where Fabric puts them.
 */
import type { SimplePathCommand } from '../path-geometry.js';

export type PathSide = 'left' | 'right';
export type PathAlign = 'baseline' | 'center' | 'ascender' | 'descender';

/** The path a text follows, as Fabric's Path constructor leaves it. */
export interface TextPathGeometry {
  commands: readonly SimplePathCommand[];
  pathOffset: { x: number; y: number };
  width: number;
  height: number;
}

interface Point {
  x: number;
  y: number;
}

interface SegmentInfo extends Point {
  command: string;
  length: number;
  destX?: number;
  destY?: number;
  iterator?: (t: number) => Point;
  angleFinder?: (t: number) => number;
}

export interface PointOnPath extends Point {
  angle: number;
}

const lineLength = (x1: number, y1: number, x2: number, y2: number): number => Math.sqrt((x2 - x1) ** 2 + (y2 - y1) ** 2);

function cubicAt(bx: number, by: number, c1x: number, c1y: number, c2x: number, c2y: number, ex: number, ey: number): (t: number) => Point {
  return (t) => {
    const c1 = t ** 3;
    const c2 = 3 * t ** 2 * (1 - t);
    const c3 = 3 * t * (1 - t) ** 2;
    const c4 = (1 - t) ** 3;
    return { x: ex * c1 + c2x * c2 + c1x * c3 + bx * c4, y: ey * c1 + c2y * c2 + c1y * c3 + by * c4 };
  };
}

function cubicTangent(p1x: number, p1y: number, p2x: number, p2y: number, p3x: number, p3y: number, p4x: number, p4y: number): (t: number) => number {
  return (t) => {
    const q1 = t ** 2;
    const q2 = 2 * t * (1 - t);
    const q3 = (1 - t) ** 2;
    return Math.atan2(3 * (q3 * (p2y - p1y) + q2 * (p3y - p2y) + q1 * (p4y - p3y)), 3 * (q3 * (p2x - p1x) + q2 * (p3x - p2x) + q1 * (p4x - p3x)));
  };
}

function quadAt(p1x: number, p1y: number, p2x: number, p2y: number, p3x: number, p3y: number): (t: number) => Point {
  return (t) => {
    const c1 = t ** 2;
    const c2 = 2 * t * (1 - t);
    const c3 = (1 - t) ** 2;
    return { x: p3x * c1 + p2x * c2 + p1x * c3, y: p3y * c1 + p2y * c2 + p1y * c3 };
  };
}

function quadTangent(p1x: number, p1y: number, p2x: number, p2y: number, p3x: number, p3y: number): (t: number) => number {
  return (t) => {
    const inv = 1 - t;
    return Math.atan2(2 * (inv * (p2y - p1y) + t * (p3y - p2y)), 2 * (inv * (p2x - p1x) + t * (p3x - p2x)));
  };
}

/** A curve's length as the sum of 100 chords (Fabric's pathIterator). */
function curveLength(at: (t: number) => Point, x1: number, y1: number): number {
  let prev: Point = { x: x1, y: y1 };
  let length = 0;
  for (let step = 1; step <= 100; step += 1) {
    const p = at(step / 100);
    length += lineLength(prev.x, prev.y, p.x, p.y);
    prev = p;
  }
  return length;
}

/**
 * getPathSegmentsInfo: one entry per command plus a final one holding the total length.
 * Fabric 5 left an `M` entry at the previous point (0,0 for the first), 6+ at the M's own.
 */
export function pathSegmentsInfo(path: readonly SimplePathCommand[], major: number): SegmentInfo[] {
  let total = 0;
  let x1 = 0;
  let y1 = 0;
  let x2 = 0;
  let y2 = 0;
  const info: SegmentInfo[] = [];
  for (const c of path) {
    const seg: SegmentInfo = { x: x1, y: y1, command: c[0], length: 0 };
    switch (c[0]) {
      case 'M':
        x2 = x1 = c[1];
        y2 = y1 = c[2];
        if (major >= 6) {
          seg.x = x1;
          seg.y = y1;
        }
        break;
      case 'L':
        seg.length = lineLength(x1, y1, c[1], c[2]);
        x1 = c[1];
        y1 = c[2];
        break;
      case 'C':
        seg.iterator = cubicAt(x1, y1, c[1], c[2], c[3], c[4], c[5], c[6]);
        seg.angleFinder = cubicTangent(x1, y1, c[1], c[2], c[3], c[4], c[5], c[6]);
        seg.length = curveLength(seg.iterator, x1, y1);
        x1 = c[5];
        y1 = c[6];
        break;
      case 'Q':
        seg.iterator = quadAt(x1, y1, c[1], c[2], c[3], c[4]);
        seg.angleFinder = quadTangent(x1, y1, c[1], c[2], c[3], c[4]);
        seg.length = curveLength(seg.iterator, x1, y1);
        x1 = c[3];
        y1 = c[4];
        break;
      case 'Z':
        seg.destX = x2;
        seg.destY = y2;
        seg.length = lineLength(x1, y1, x2, y2);
        x1 = x2;
        y1 = y2;
        break;
    }
    total += seg.length;
    info.push(seg);
  }
  info.push({ command: '', length: total, x: x1, y: y1 });
  return info;
}

/** findPercentageForDistance: walks the curve in shrinking steps until the chord sum reaches `distance`. */
function pointOnCurve(seg: SegmentInfo, distance: number): PointOnPath {
  const at = seg.iterator!;
  let perc = 0;
  let length = 0;
  let prev: Point = { x: seg.x, y: seg.y };
  let p: Point = { ...prev };
  let step = 0.01;
  let lastPerc = 0;
  while (length < distance && step > 0.0001) {
    p = at(perc);
    lastPerc = perc;
    const next = lineLength(prev.x, prev.y, p.x, p.y);
    if (next + length > distance) {
      perc -= step;
      step /= 2;
    } else {
      prev = p;
      perc += step;
      length += next;
    }
  }
  return { x: p.x, y: p.y, angle: seg.angleFinder!(lastPerc) };
}

/** Fabric's Point.lerp, which clamps t to [0, 1]: a glyph centred past a line's end sits on its end. */
function lerp(a: Point, b: Point, t: number): Point {
  const c = Math.max(Math.min(1, t), 0);
  return { x: a.x + (b.x - a.x) * c, y: a.y + (b.y - a.y) * c };
}

/** getPointOnPath: the point `distance` along the path and the tangent's angle there. */
export function pointOnPath(path: readonly SimplePathCommand[], distance: number, infos: readonly SegmentInfo[]): PointOnPath {
  let i = 0;
  while (distance - infos[i].length > 0 && i < infos.length - 2) {
    distance -= infos[i].length;
    i++;
  }
  const seg = infos[i];
  const t = distance / seg.length;
  const c = path[i];
  switch (seg.command) {
    case 'Z':
      return { ...lerp(seg, { x: seg.destX!, y: seg.destY! }, t), angle: Math.atan2(seg.destY! - seg.y, seg.destX! - seg.x) };
    case 'L':
      return { ...lerp(seg, { x: c[1] as number, y: c[2] as number }, t), angle: Math.atan2((c[2] as number) - seg.y, (c[1] as number) - seg.x) };
    case 'C':
    case 'Q':
      return pointOnCurve(seg, distance);
    default:
      return { x: seg.x, y: seg.y, angle: 0 };
  }
}

/** Where a grapheme sits on the path: its centre, relative to the text's centre, and its rotation. */
export interface GraphemeOnPath {
  renderLeft: number;
  renderTop: number;
  angle: number;
}

export interface LinePlacement {
  path: TextPathGeometry;
  infos: readonly SegmentInfo[];
  side: PathSide;
  startOffset: number;
  textAlign: string;
  /** Fabric 5 measured from the path's first point shifted by pathOffset, 6+ from pathOffset alone. */
  origin: Point;
}

/** The reference point Fabric subtracts from every point on the path: 5 adds the path's start as its `M` entry holds it. */
export function pathOrigin(path: TextPathGeometry, infos: readonly SegmentInfo[], major: number): Point {
  if (major >= 6) return path.pathOffset;
  const start = pointOnPath(path.commands, 0, infos);
  return { x: start.x + path.pathOffset.x, y: start.y + path.pathOffset.y };
}

/**
 * The tail of Text._measureLine: places each grapheme of a line of total
 * advance `width` along the path, honouring textAlign (left, center and
 * right only, as Fabric), pathSide (reversed order, flipped glyphs) and
 * pathStartOffset, wrapping around the path's length.
 */
export function placeLineOnPath(boxes: ReadonlyArray<{ kernedWidth: number } & Partial<GraphemeOnPath>>, width: number, p: LinePlacement): void {
  const reverse = p.side === 'right';
  const total = p.infos[p.infos.length - 1].length;
  let position = 0;
  if (p.textAlign === 'left') position = reverse ? total - width : 0;
  else if (p.textAlign === 'center') position = (total - width) / 2;
  else if (p.textAlign === 'right') position = reverse ? 0 : total - width;
  position += p.startOffset * (reverse ? -1 : 1);
  const n = boxes.length;
  for (let i = reverse ? n - 1 : 0; reverse ? i >= 0 : i < n; reverse ? i-- : i++) {
    const box = boxes[i] as { kernedWidth: number } & GraphemeOnPath;
    if (position > total) position %= total;
    else if (position < 0) position += total;
    const at = pointOnPath(p.path.commands, position + box.kernedWidth / 2, p.infos);
    box.renderLeft = at.x - p.origin.x;
    box.renderTop = at.y - p.origin.y;
    box.angle = at.angle + (reverse ? Math.PI : 0);
    position += box.kernedWidth;
  }
}
