/**
 * Fabric's path pipeline (util/path/index.ts): stored command arrays are
 * reduced to absolute M/L/C/Q/Z (arcs become cubic beziers with Fabric's
 * own segmentation, so curves match its output exactly), and the bounding
 * box that decides width/height/pathOffset is computed with Fabric's quirks
 * (an `L` contributes the subpath start, a `Q` is bounded as a cubic whose
 * two control points are both the quadratic's control point).
 */
import { fabricCos, fabricSin } from './matrix.js';

export type SimplePathCommand =
  | ['M', number, number]
  | ['L', number, number]
  | ['C', number, number, number, number, number, number]
  | ['Q', number, number, number, number]
  | ['Z'];

type Cubic = ['C', number, number, number, number, number, number];

function segmentToBezier(
  th1: number,
  th2: number,
  cosTh: number,
  sinTh: number,
  rx: number,
  ry: number,
  cx1: number,
  cy1: number,
  mT: number,
  fromX: number,
  fromY: number,
): Cubic {
  const c1 = fabricCos(th1),
    s1 = fabricSin(th1),
    c2 = fabricCos(th2),
    s2 = fabricSin(th2);
  const toX = cosTh * rx * c2 - sinTh * ry * s2 + cx1;
  const toY = sinTh * rx * c2 + cosTh * ry * s2 + cy1;
  return [
    'C',
    fromX + mT * (-cosTh * rx * s1 - sinTh * ry * c1),
    fromY + mT * (-sinTh * rx * s1 + cosTh * ry * c1),
    toX + mT * (cosTh * rx * s2 + sinTh * ry * c2),
    toY + mT * (sinTh * rx * s2 - cosTh * ry * c2),
    toX,
    toY,
  ];
}

function vectorAngle(ux: number, uy: number, vx: number, vy: number): number {
  const ta = Math.atan2(uy, ux);
  const tb = Math.atan2(vy, vx);
  return tb >= ta ? tb - ta : 2 * Math.PI - (ta - tb);
}

function arcToSegments(toX: number, toY: number, rx: number, ry: number, large: number, sweep: number, rotateX: number): Cubic[] {
  if (rx === 0 || ry === 0) return [];
  const theta = (rotateX * Math.PI) / 180;
  const sinT = fabricSin(theta);
  const cosT = fabricCos(theta);
  const px = 0.5 * (-cosT * toX - sinT * toY);
  const py = 0.5 * (-cosT * toY + sinT * toX);
  const rx2 = rx ** 2,
    ry2 = ry ** 2,
    py2 = py ** 2,
    px2 = px ** 2;
  const pl = rx2 * ry2 - rx2 * py2 - ry2 * px2;
  let _rx = Math.abs(rx);
  let _ry = Math.abs(ry);
  let root = 0;
  if (pl < 0) {
    const s = Math.sqrt(1 - pl / (rx2 * ry2));
    _rx *= s;
    _ry *= s;
  } else {
    root = (large === sweep ? -1.0 : 1.0) * Math.sqrt(pl / (rx2 * py2 + ry2 * px2));
  }
  const cx = (root * _rx * py) / _ry;
  const cy = (-root * _ry * px) / _rx;
  const cx1 = cosT * cx - sinT * cy + toX * 0.5;
  const cy1 = sinT * cx + cosT * cy + toY * 0.5;
  let mTheta = vectorAngle(1, 0, (px - cx) / _rx, (py - cy) / _ry);
  let dtheta = vectorAngle((px - cx) / _rx, (py - cy) / _ry, (-px - cx) / _rx, (-py - cy) / _ry);
  if (sweep === 0 && dtheta > 0) dtheta -= 2 * Math.PI;
  else if (sweep === 1 && dtheta < 0) dtheta += 2 * Math.PI;
  const segments = Math.ceil(Math.abs((dtheta / Math.PI) * 2));
  const mDelta = dtheta / segments;
  const mT = ((8 / 3) * Math.sin(mDelta / 4) * Math.sin(mDelta / 4)) / Math.sin(mDelta / 2);
  const result: Cubic[] = [];
  let th3 = mTheta + mDelta;
  let fromX = 0;
  let fromY = 0;
  for (let i = 0; i < segments; i++) {
    const seg = segmentToBezier(mTheta, th3, cosT, sinT, _rx, _ry, cx1, cy1, mT, fromX, fromY);
    result.push(seg);
    fromX = seg[5];
    fromY = seg[6];
    mTheta = th3;
    th3 += mDelta;
  }
  return result;
}

export function arcToBeziers(fx: number, fy: number, rx: number, ry: number, rot: number, large: number, sweep: number, tx: number, ty: number): Cubic[] {
  const segs = arcToSegments(tx - fx, ty - fy, rx, ry, large, sweep, rot);
  for (const s of segs) {
    s[1] += fx;
    s[2] += fy;
    s[3] += fx;
    s[4] += fy;
    s[5] += fx;
    s[6] += fy;
  }
  return segs;
}

/** Fabric's makePathSimpler over stored command arrays (relative or absolute). */
export function simplifyPath(path: ReadonlyArray<ReadonlyArray<unknown>>): SimplePathCommand[] {
  let x = 0,
    y = 0,
    x1 = 0,
    y1 = 0,
    controlX = 0,
    controlY = 0;
  let previous = '';
  const out: SimplePathCommand[] = [];
  for (const raw of path) {
    const cmd = String(raw[0]);
    const n = raw.slice(1).map(Number);
    let converted: SimplePathCommand | undefined;
    switch (cmd) {
      case 'l':
        n[0] += x;
        n[1] += y; // falls through
      case 'L':
        x = n[0];
        y = n[1];
        converted = ['L', x, y];
        break;
      case 'h':
        n[0] += x; // falls through
      case 'H':
        x = n[0];
        converted = ['L', x, y];
        break;
      case 'v':
        n[0] += y; // falls through
      case 'V':
        y = n[0];
        converted = ['L', x, y];
        break;
      case 'm':
        n[0] += x;
        n[1] += y; // falls through
      case 'M':
        x = n[0];
        y = n[1];
        x1 = x;
        y1 = y;
        converted = ['M', x, y];
        break;
      case 'c':
        n[0] += x;
        n[1] += y;
        n[2] += x;
        n[3] += y;
        n[4] += x;
        n[5] += y; // falls through
      case 'C':
        controlX = n[2];
        controlY = n[3];
        x = n[4];
        y = n[5];
        converted = ['C', n[0], n[1], controlX, controlY, x, y];
        break;
      case 's':
        n[0] += x;
        n[1] += y;
        n[2] += x;
        n[3] += y; // falls through
      case 'S':
        if (previous === 'C') {
          controlX = 2 * x - controlX;
          controlY = 2 * y - controlY;
        } else {
          controlX = x;
          controlY = y;
        }
        x = n[2];
        y = n[3];
        converted = ['C', controlX, controlY, n[0], n[1], x, y];
        controlX = n[0];
        controlY = n[1];
        break;
      case 'q':
        n[0] += x;
        n[1] += y;
        n[2] += x;
        n[3] += y; // falls through
      case 'Q':
        controlX = n[0];
        controlY = n[1];
        x = n[2];
        y = n[3];
        converted = ['Q', controlX, controlY, x, y];
        break;
      case 't':
        n[0] += x;
        n[1] += y; // falls through
      case 'T':
        if (previous === 'Q') {
          controlX = 2 * x - controlX;
          controlY = 2 * y - controlY;
        } else {
          controlX = x;
          controlY = y;
        }
        x = n[0];
        y = n[1];
        converted = ['Q', controlX, controlY, x, y];
        break;
      case 'a':
        n[5] += x;
        n[6] += y; // falls through
      case 'A':
        for (const b of arcToBeziers(x, y, n[0], n[1], n[2], n[3], n[4], n[5], n[6])) out.push(b);
        x = n[5];
        y = n[6];
        break;
      case 'z':
      case 'Z':
        x = x1;
        y = y1;
        converted = ['Z'];
        break;
    }
    if (converted) {
      out.push(converted);
      previous = converted[0];
    } else previous = '';
  }
  return out;
}

function cubicPoint(t: number, b: number, c1: number, c2: number, e: number): number {
  return e * t ** 3 + c2 * 3 * t ** 2 * (1 - t) + c1 * 3 * t * (1 - t) ** 2 + b * (1 - t) ** 3;
}

/** Fabric's getBoundsOfCurve: extrema of a cubic plus its end points. */
export function curveBounds(bx: number, by: number, c1x: number, c1y: number, c2x: number, c2y: number, ex: number, ey: number): Array<{ x: number; y: number }> {
  const tvalues: number[] = [];
  for (let i = 0; i < 2; i++) {
    const [b0, p1, p2, e0] = i === 0 ? [bx, c1x, c2x, ex] : [by, c1y, c2y, ey];
    const b = 6 * b0 - 12 * p1 + 6 * p2;
    const a = -3 * b0 + 9 * p1 - 9 * p2 + 3 * e0;
    const c = 3 * p1 - 3 * b0;
    if (Math.abs(a) < 1e-12) {
      if (Math.abs(b) < 1e-12) continue;
      const t = -c / b;
      if (0 < t && t < 1) tvalues.push(t);
      continue;
    }
    const b2ac = b * b - 4 * c * a;
    if (b2ac < 0) continue;
    const sq = Math.sqrt(b2ac);
    const t1 = (-b + sq) / (2 * a);
    if (0 < t1 && t1 < 1) tvalues.push(t1);
    const t2 = (-b - sq) / (2 * a);
    if (0 < t2 && t2 < 1) tvalues.push(t2);
  }
  const xs = tvalues.map((t) => cubicPoint(t, bx, c1x, c2x, ex));
  const ys = tvalues.map((t) => cubicPoint(t, by, c1y, c2y, ey));
  xs.push(bx, ex);
  ys.push(by, ey);
  return [
    { x: Math.min(...xs), y: Math.min(...ys) },
    { x: Math.max(...xs), y: Math.max(...ys) },
  ];
}

export interface BBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function boundingBox(points: ReadonlyArray<{ x: number; y: number }>): BBox {
  if (points.length === 0) return { left: 0, top: 0, width: 0, height: 0 };
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return { left: minX, top: minY, width: maxX - minX, height: maxY - minY };
}

/** Fabric's Path._calcBoundsFromPath. */
export function pathBounds(path: readonly SimplePathCommand[]): BBox {
  const pts: Array<{ x: number; y: number }> = [];
  let sx = 0,
    sy = 0,
    x = 0,
    y = 0;
  for (const c of path) {
    switch (c[0]) {
      case 'L':
        x = c[1];
        y = c[2];
        pts.push({ x: sx, y: sy }, { x, y });
        break;
      case 'M':
        x = c[1];
        y = c[2];
        sx = x;
        sy = y;
        break;
      case 'C':
        pts.push(...curveBounds(x, y, c[1], c[2], c[3], c[4], c[5], c[6]));
        x = c[5];
        y = c[6];
        break;
      case 'Q':
        pts.push(...curveBounds(x, y, c[1], c[2], c[1], c[2], c[3], c[4]));
        x = c[3];
        y = c[4];
        break;
      case 'Z':
        x = sx;
        y = sy;
        break;
    }
  }
  return boundingBox(pts);
}
