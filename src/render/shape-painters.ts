/**
 * Each object type's `_render`, centred at (0,0) in object units, with
 * Fabric's paint order (_renderPaintInOrder, _renderFill, _renderStroke).
 */
import type { DrawableImage } from './image-cache.js';
import { drawText } from './text/text-object.js';
import type { PreparedText } from './text/text-object.js';
import { degToRad } from './matrix.js';
import { removeShadow, setFillStyle, setLineDash, setStrokeStyle, type CacheDims, type Ctx, type PatternImages } from './paint-style.js';
import type { RenderNode } from './render-node.js';

/** Kappa Fabric uses for rounded-rect corners (1 - 0.5522847498). */
const K_RECT = 1 - 0.5522847498;

export interface PaintHelpers {
  /** Fabric's getObjectScaling(): |scale| of the object including its groups, without canvas zoom. */
  objectScaling: { x: number; y: number };
  cacheDims: () => CacheDims;
  image?: DrawableImage;
  /** The decoded image before filters: a Resize filter's output is drawn back at the scale between the two. */
  source?: DrawableImage;
  /** Every decoded image of the render: pattern fills and strokes draw from it. */
  images: PatternImages;
}

function renderFill(ctx: Ctx, n: RenderNode, h: PaintHelpers): void {
  if (!n.fill) return;
  ctx.save();
  setFillStyle(ctx, n, n.fill, h.images);
  if (n.fillRule === 'evenodd') ctx.fill('evenodd');
  else ctx.fill();
  ctx.restore();
}

function renderStroke(ctx: Ctx, n: RenderNode, h: PaintHelpers): void {
  if (!n.stroke || n.strokeWidth === 0) return;
  if (n.shadow && !n.shadow.affectStroke) removeShadow(ctx, n);
  ctx.save();
  if (n.strokeUniform) ctx.scale(1 / h.objectScaling.x, 1 / h.objectScaling.y);
  setLineDash(ctx, n.strokeDashArray);
  setStrokeStyle(ctx, n, n.stroke, h.cacheDims, h.images);
  ctx.stroke();
  ctx.restore();
}

function paintInOrder(ctx: Ctx, n: RenderNode, h: PaintHelpers, fill: () => void = () => renderFill(ctx, n, h)): void {
  if (n.paintFirst === 'stroke') {
    renderStroke(ctx, n, h);
    fill();
  } else {
    fill();
    renderStroke(ctx, n, h);
  }
}

function rectPath(ctx: Ctx, n: RenderNode): void {
  const w = n.width;
  const hh = n.height;
  const x = -w / 2;
  const y = -hh / 2;
  const rx = n.rx ? Math.min(n.rx, w / 2) : 0;
  const ry = n.ry ? Math.min(n.ry, hh / 2) : 0;
  const round = rx !== 0 || ry !== 0;
  ctx.beginPath();
  ctx.moveTo(x + rx, y);
  ctx.lineTo(x + w - rx, y);
  if (round) ctx.bezierCurveTo(x + w - K_RECT * rx, y, x + w, y + K_RECT * ry, x + w, y + ry);
  ctx.lineTo(x + w, y + hh - ry);
  if (round) ctx.bezierCurveTo(x + w, y + hh - K_RECT * ry, x + w - K_RECT * rx, y + hh, x + w - rx, y + hh);
  ctx.lineTo(x + rx, y + hh);
  if (round) ctx.bezierCurveTo(x + K_RECT * rx, y + hh, x, y + hh - K_RECT * ry, x, y + hh - ry);
  ctx.lineTo(x, y + ry);
  if (round) ctx.bezierCurveTo(x, y + K_RECT * ry, x + K_RECT * rx, y, x + rx, y);
  ctx.closePath();
}

function pathCommands(ctx: Ctx, n: RenderNode): void {
  const l = -n.pathOffset.x;
  const t = -n.pathOffset.y;
  ctx.beginPath();
  for (const c of n.path) {
    switch (c[0]) {
      case 'L':
        ctx.lineTo(c[1] + l, c[2] + t);
        break;
      case 'M':
        ctx.moveTo(c[1] + l, c[2] + t);
        break;
      case 'C':
        ctx.bezierCurveTo(c[1] + l, c[2] + t, c[3] + l, c[4] + t, c[5] + l, c[6] + t);
        break;
      case 'Q':
        ctx.quadraticCurveTo(c[1] + l, c[2] + t, c[3] + l, c[4] + t);
        break;
      case 'Z':
        ctx.closePath();
        break;
    }
  }
}

/** Fabric's Image._renderFill, or the Imprint `fit` box when an override replaced the image. */
function drawImageFill(ctx: Ctx, n: RenderNode, img: DrawableImage | undefined, source: DrawableImage | undefined): void {
  if (!img) return;
  const w = n.width;
  const h = n.height;
  const elW = img.width;
  const elH = img.height;
  if (n.fit) {
    if (n.fit === 'fill') {
      ctx.drawImage(img, 0, 0, elW, elH, -w / 2, -h / 2, w, h);
    } else if (n.fit === 'contain') {
      const s = Math.min(w / elW, h / elH);
      const dw = elW * s;
      const dh = elH * s;
      ctx.drawImage(img, 0, 0, elW, elH, -dw / 2, -dh / 2, dw, dh);
    } else {
      const s = Math.max(w / elW, h / elH);
      const sw = w / s;
      const sh = h / s;
      ctx.drawImage(img, (elW - sw) / 2, (elH - sh) / 2, sw, sh, -w / 2, -h / 2, w, h);
    }
    return;
  }
  // _filterScalingX/Y: a Resize filter's output is smaller than the image the crop is measured on.
  const scaleX = source && source.width !== elW ? elW / source.width : 1;
  const scaleY = source && source.height !== elH ? elH / source.height : 1;
  const cropX = Math.max(n.cropX, 0);
  const cropY = Math.max(n.cropY, 0);
  const sX = cropX * scaleX;
  const sY = cropY * scaleY;
  const sW = Math.min(w * scaleX, elW - sX);
  const sH = Math.min(h * scaleY, elH - sY);
  const maxW = Math.min(w, elW / scaleX - cropX);
  const maxH = Math.min(h, elH / scaleY - cropY);
  if (sW <= 0 || sH <= 0) return;
  ctx.drawImage(img, sX, sY, sW, sH, -w / 2, -h / 2, maxW, maxH);
}

/** Object kinds whose outline is one path, which is all a clip path of that kind contributes. */
const OUTLINE_KINDS: ReadonlySet<RenderNode['kind']> = new Set(['rect', 'circle', 'ellipse', 'triangle', 'polyline', 'polygon', 'path']);

export function hasOutlinePath(n: RenderNode): boolean {
  return OUTLINE_KINDS.has(n.kind);
}

/** Starts a new path with the object's outline; false when it has none to paint (a polygon without points). */
export function outlinePath(ctx: Ctx, n: RenderNode): boolean {
  switch (n.kind) {
    case 'rect':
      rectPath(ctx, n);
      return true;
    case 'circle':
      ctx.beginPath();
      ctx.arc(0, 0, n.radius, degToRad(n.startAngle), degToRad(n.endAngle), n.counterClockwise);
      return true;
    case 'ellipse':
      ctx.beginPath();
      ctx.save();
      ctx.transform(1, 0, 0, n.ry / n.rx, 0, 0);
      ctx.arc(0, 0, n.rx, 0, 2 * Math.PI, false);
      ctx.restore();
      return true;
    case 'triangle': {
      const w2 = n.width / 2;
      const h2 = n.height / 2;
      ctx.beginPath();
      ctx.moveTo(-w2, h2);
      ctx.lineTo(0, -h2);
      ctx.lineTo(w2, h2);
      ctx.closePath();
      return true;
    }
    case 'polyline':
    case 'polygon': {
      const pts = n.points;
      ctx.beginPath();
      if (!pts.length || Number.isNaN(pts[pts.length - 1].y)) return false;
      const { x, y } = n.pathOffset;
      ctx.moveTo(pts[0].x - x, pts[0].y - y);
      for (const p of pts) ctx.lineTo(p.x - x, p.y - y);
      if (n.kind === 'polygon') ctx.closePath();
      return true;
    }
    case 'path':
      pathCommands(ctx, n);
      return true;
    default:
      ctx.beginPath();
      return false;
  }
}

export function paintShape(ctx: Ctx, n: RenderNode, h: PaintHelpers): void {
  if (hasOutlinePath(n)) {
    if (outlinePath(ctx, n)) paintInOrder(ctx, n, h);
    return;
  }
  switch (n.kind) {
    case 'line': {
      const xm = n.lineFlipX ? 0.5 : -0.5;
      const ym = n.lineFlipY ? 0.5 : -0.5;
      ctx.beginPath();
      ctx.moveTo(xm * n.width, ym * n.height);
      ctx.lineTo(-xm * n.width, -ym * n.height);
      ctx.lineWidth = n.strokeWidth;
      if (n.stroke) renderStroke(ctx, n, h);
      return;
    }
    case 'image': {
      ctx.imageSmoothingEnabled = n.imageSmoothing;
      if (n.stroke && n.strokeWidth !== 0) {
        const w = n.width / 2;
        const hh = n.height / 2;
        ctx.beginPath();
        ctx.moveTo(-w, -hh);
        ctx.lineTo(w, -hh);
        ctx.lineTo(w, hh);
        ctx.lineTo(-w, hh);
        ctx.lineTo(-w, -hh);
        ctx.closePath();
      }
      paintInOrder(ctx, n, h, () => drawImageFill(ctx, n, h.image, h.source));
      return;
    }
    case 'text': {
      const path = n.textPath;
      // Text._render: `path && !path.isNotVisible() && path._render(ctx)`, in the text's space, none of the path's own transform.
      if (path && path.opacity !== 0 && path.visible && (path.width || path.height || path.strokeWidth !== 0)) {
        pathCommands(ctx, path);
        paintInOrder(ctx, path, h);
      }
      drawText(ctx, n.prepared as PreparedText, n.textSource!, h.images);
      return;
    }
    case 'group':
      return;
  }
}
