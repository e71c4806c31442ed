/**
 * Fabric's ObjectGeometry for a RenderNode: the bounding size including
 * stroke (_getTransformedDimensions), the centre point derived from
 * left/top + origin (translateToCenterPoint, which rotates the origin
 * offset around left/top), and calcOwnMatrix.
 */
import { composeMatrix, degToRad, dimensionsMatrix, fabricCos, fabricSin, sizeAfterTransform } from './matrix.js';
export function transformedDimensions(n, o = {}) {
    const scaleX = o.scaleX ?? n.scaleX;
    const scaleY = o.scaleY ?? n.scaleY;
    const skewX = o.skewX ?? n.skewX;
    const skewY = o.skewY ?? n.skewY;
    const sw = o.strokeWidth ?? n.strokeWidth;
    // strokeUniform strokes keep their width on screen, so they are added after scaling.
    const pre = n.strokeUniform ? 0 : sw;
    const post = n.strokeUniform ? sw : 0;
    const dimX = (o.width ?? n.width) + pre;
    const dimY = (o.height ?? n.height) + pre;
    let d;
    if (skewX === 0 && skewY === 0)
        d = { x: dimX * scaleX, y: dimY * scaleY };
    else
        d = sizeAfterTransform(dimX, dimY, dimensionsMatrix({ scaleX, scaleY, skewX, skewY }));
    return { x: d.x + post, y: d.y + post };
}
/** Centre of the object in its parent's plane. */
export function centerPoint(n) {
    const offX = -n.originX;
    const offY = -n.originY;
    if (!offX && !offY)
        return { x: n.left, y: n.top };
    const dim = transformedDimensions(n);
    const x = n.left + offX * dim.x;
    const y = n.top + offY * dim.y;
    if (!n.angle)
        return { x, y };
    const rad = degToRad(n.angle);
    const s = fabricSin(rad);
    const c = fabricCos(rad);
    const px = x - n.left;
    const py = y - n.top;
    return { x: px * c - py * s + n.left, y: px * s + py * c + n.top };
}
export function ownMatrix(n) {
    const c = centerPoint(n);
    return composeMatrix({
        translateX: c.x,
        translateY: c.y,
        angle: n.angle,
        scaleX: n.scaleX,
        scaleY: n.scaleY,
        skewX: n.skewX,
        skewY: n.skewY,
        flipX: n.flipX,
        flipY: n.flipY,
    });
}
//# sourceMappingURL=object-geometry.js.map