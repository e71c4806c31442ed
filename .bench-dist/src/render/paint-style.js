/**
 * Fabric's paint-state helpers on a live context: shadows (_setShadow /
 * _removeShadow), fill and stroke styles including gradients
 * (_setFillStyles, _setStrokeStyles, Gradient.toLive and
 * _applyPatternGradientTransform), and dashes (_setLineDash).
 */
import { createCanvas } from '@napi-rs/canvas';
export const isGradient = (p) => p !== null && typeof p === 'object';
export function gradientToLive(ctx, g) {
    const { x1, y1, x2, y2, r1, r2 } = g.coords;
    const live = g.type === 'linear' ? ctx.createLinearGradient(x1, y1, x2, y2) : ctx.createRadialGradient(x1, y1, r1, x2, y2, r2);
    for (const s of g.colorStops)
        live.addColorStop(s.offset, s.color);
    return live;
}
/** Gradient coords are relative to the object's top-left corner (or its size, for 'percentage'). */
export function applyGradientTransform(ctx, node, g) {
    const offsetX = -node.width / 2 + g.offsetX || 0;
    const offsetY = -node.height / 2 + g.offsetY || 0;
    if (g.gradientUnits === 'percentage')
        ctx.transform(node.width, 0, 0, node.height, offsetX, offsetY);
    else
        ctx.transform(1, 0, 0, 1, offsetX, offsetY);
    const t = g.gradientTransform;
    if (t)
        ctx.transform(t[0], t[1], t[2], t[3], t[4], t[5]);
}
export function setShadow(ctx, node, objectScaling, zoom) {
    const s = node.shadow;
    if (!s)
        return;
    const scaling = s.nonScaling ? { x: 1, y: 1 } : objectScaling;
    ctx.shadowColor = s.color;
    ctx.shadowBlur = (s.blur * (zoom + zoom) * (scaling.x + scaling.y)) / 4;
    ctx.shadowOffsetX = s.offsetX * zoom * scaling.x;
    ctx.shadowOffsetY = s.offsetY * zoom * scaling.y;
}
export function removeShadow(ctx, node) {
    if (!node.shadow)
        return;
    // Fabric assigns '' (ignored by browsers); zero blur and offsets are what disable the shadow.
    ctx.shadowBlur = ctx.shadowOffsetX = ctx.shadowOffsetY = 0;
}
export function setFillStyle(ctx, node, fill) {
    if (!fill)
        return;
    if (isGradient(fill)) {
        ctx.fillStyle = gradientToLive(ctx, fill);
        applyGradientTransform(ctx, node, fill);
    }
    else {
        ctx.fillStyle = fill;
    }
}
export function setStrokeStyle(ctx, node, stroke, cacheDims) {
    if (!stroke)
        return;
    ctx.lineWidth = node.strokeWidth;
    ctx.lineCap = node.strokeLineCap;
    ctx.lineDashOffset = node.strokeDashOffset;
    ctx.lineJoin = node.strokeLineJoin;
    ctx.miterLimit = node.strokeMiterLimit;
    if (!isGradient(stroke)) {
        ctx.strokeStyle = stroke;
        return;
    }
    if (stroke.gradientUnits === 'percentage' || stroke.gradientTransform) {
        applyPatternForTransformedGradient(ctx, node, stroke, cacheDims());
    }
    else {
        ctx.strokeStyle = gradientToLive(ctx, stroke);
        applyGradientTransform(ctx, node, stroke);
    }
}
/**
 * Fabric cannot transform a stroke gradient without transforming the line
 * width, so it paints the gradient into a pattern canvas the size of the
 * object cache and strokes with that pattern.
 */
function applyPatternForTransformedGradient(ctx, node, g, dims) {
    const width = dims.x / node.scaleX;
    const height = dims.y / node.scaleY;
    const pCanvas = createCanvas(Math.max(1, Math.ceil(width)), Math.max(1, Math.ceil(height)));
    const pCtx = pCanvas.getContext('2d');
    pCtx.beginPath();
    pCtx.moveTo(0, 0);
    pCtx.lineTo(width, 0);
    pCtx.lineTo(width, height);
    pCtx.lineTo(0, height);
    pCtx.closePath();
    pCtx.translate(width / 2, height / 2);
    pCtx.scale(dims.zoomX / node.scaleX, dims.zoomY / node.scaleY);
    applyGradientTransform(pCtx, node, g);
    pCtx.fillStyle = gradientToLive(pCtx, g);
    pCtx.fill();
    ctx.translate(-node.width / 2 - node.strokeWidth / 2, -node.height / 2 - node.strokeWidth / 2);
    ctx.scale(node.scaleX / dims.zoomX, node.scaleY / dims.zoomY);
    ctx.strokeStyle = ctx.createPattern(pCanvas, 'no-repeat');
}
export function setLineDash(ctx, dash) {
    if (!dash || dash.length === 0)
        return;
    ctx.setLineDash(dash);
}
//# sourceMappingURL=paint-style.js.map