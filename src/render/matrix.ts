/**
 * 2D affine matrices in Canvas order [a, b, c, d, e, f], with Fabric's own
 * composition rules (util/misc/matrix.ts). Fabric snaps sin/cos of multiples
 * of 90° to exact 0/±1; we do the same so a 90° rotation lands on the same
 * pixel grid as in the browser.
 */
export type Mat = [number, number, number, number, number, number];

export const IDENTITY: Mat = [1, 0, 0, 1, 0, 0];
const HALF_PI = Math.PI / 2;

export const degToRad = (deg: number): number => (deg * Math.PI) / 180;

export function fabricCos(angle: number): number {
  if (angle === 0) return 1;
  switch (Math.abs(angle) / HALF_PI) {
    case 1:
    case 3:
      return 0;
    case 2:
      return -1;
  }
  return Math.cos(angle);
}

export function fabricSin(angle: number): number {
  if (angle === 0) return 0;
  const sign = Math.sign(angle);
  switch (angle / HALF_PI) {
    case 1:
      return sign;
    case 2:
      return 0;
    case 3:
      return -sign;
  }
  return Math.sin(angle);
}

export function multiply(a: Mat, b: Mat, is2x2 = false): Mat {
  return [
    a[0] * b[0] + a[2] * b[1],
    a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3],
    a[1] * b[2] + a[3] * b[3],
    is2x2 ? 0 : a[0] * b[4] + a[2] * b[5] + a[4],
    is2x2 ? 0 : a[1] * b[4] + a[3] * b[5] + a[5],
  ];
}

export function invert(t: Mat): Mat {
  const a = 1 / (t[0] * t[3] - t[1] * t[2]);
  const r: Mat = [a * t[3], -a * t[1], -a * t[2], a * t[0], 0, 0];
  const x = r[0] * t[4] + r[2] * t[5];
  const y = r[1] * t[4] + r[3] * t[5];
  r[4] = -x;
  r[5] = -y;
  return r;
}

export function transformPoint(p: { x: number; y: number }, t: Mat, ignoreOffset = false): { x: number; y: number } {
  if (ignoreOffset) return { x: t[0] * p.x + t[2] * p.y, y: t[1] * p.x + t[3] * p.y };
  return { x: t[0] * p.x + t[2] * p.y + t[4], y: t[1] * p.x + t[3] * p.y + t[5] };
}

const isIdentity = (m: Mat): boolean => m.every((v, i) => v === IDENTITY[i]);

export interface ScaleSkew {
  scaleX?: number;
  scaleY?: number;
  flipX?: boolean;
  flipY?: boolean;
  skewX?: number;
  skewY?: number;
}

/** Fabric's calcDimensionsMatrix: scale (with flips) then skewX then skewY. */
export function dimensionsMatrix({ scaleX = 1, scaleY = 1, flipX = false, flipY = false, skewX = 0, skewY = 0 }: ScaleSkew): Mat {
  let m: Mat = [flipX ? -scaleX : scaleX, 0, 0, flipY ? -scaleY : scaleY, 0, 0];
  if (skewX) m = multiply(m, [1, 0, Math.tan(degToRad(skewX)), 1, 0, 0], true);
  if (skewY) m = multiply(m, [1, Math.tan(degToRad(skewY)), 0, 1, 0, 0], true);
  return m;
}

/** Fabric's composeMatrix: translate · rotate · (scale · skewX · skewY). */
export function composeMatrix(o: ScaleSkew & { translateX?: number; translateY?: number; angle?: number }): Mat {
  let m: Mat = [1, 0, 0, 1, o.translateX ?? 0, o.translateY ?? 0];
  if (o.angle) {
    const rad = degToRad(o.angle);
    const c = fabricCos(rad);
    const s = fabricSin(rad);
    m = multiply(m, [c, s, -s, c, 0, 0]);
  }
  const sm = dimensionsMatrix(o);
  if (!isIdentity(sm)) m = multiply(m, sm);
  return m;
}

/** Fabric's qrDecompose, reduced to the scale factors the renderer needs. */
export function decomposeScale(a: Mat): { scaleX: number; scaleY: number } {
  const denom = a[0] * a[0] + a[1] * a[1];
  const scaleX = Math.sqrt(denom);
  const scaleY = (a[0] * a[3] - a[2] * a[1]) / scaleX;
  return { scaleX, scaleY };
}

/** Axis-aligned size of a w×h box centred at the origin after the 2x2 part of t. */
export function sizeAfterTransform(width: number, height: number, t: Mat): { x: number; y: number } {
  const dx = width / 2;
  const dy = height / 2;
  const pts = [transformPoint({ x: -dx, y: -dy }, t), transformPoint({ x: dx, y: -dy }, t), transformPoint({ x: -dx, y: dy }, t), transformPoint({ x: dx, y: dy }, t)];
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { x: Math.max(...xs) - Math.min(...xs), y: Math.max(...ys) - Math.min(...ys) };
}
