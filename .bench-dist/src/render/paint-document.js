/**
 * Fabric's StaticCanvas.renderCanvas for a normalised document: clear,
 * paint the canvas background, then every object under the viewport
 * transform. The output `scale` acts as Fabric's canvas zoom, so shadows
 * and object caches scale exactly as they do when a Fabric canvas is zoomed
 * (and nothing is resampled afterwards).
 */
import { createCanvas } from '@napi-rs/canvas';
import { renderObject } from './draw-object.js';
import { gradientToLive, isGradient } from './paint-style.js';
export function outputSize(doc, scale) {
    return { width: Math.max(1, Math.round(doc.width * scale)), height: Math.max(1, Math.round(doc.height * scale)) };
}
export function paintDocument(doc, images, scale) {
    const { width, height } = outputSize(doc, scale);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    const bg = doc.background;
    if (bg) {
        ctx.save();
        ctx.beginPath();
        ctx.moveTo(0, 0);
        ctx.lineTo(width, 0);
        ctx.lineTo(width, height);
        ctx.lineTo(0, height);
        ctx.closePath();
        if (isGradient(bg)) {
            ctx.fillStyle = gradientToLive(ctx, bg);
            ctx.transform(scale, 0, 0, scale, 0, 0);
            ctx.transform(1, 0, 0, 1, bg.offsetX || 0, bg.offsetY || 0);
            const m = bg.gradientTransform;
            if (m)
                ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
        }
        else {
            ctx.fillStyle = bg;
        }
        ctx.fill();
        ctx.restore();
    }
    ctx.save();
    ctx.transform(scale, 0, 0, scale, 0, 0);
    const env = { zoom: scale, images };
    for (const obj of doc.objects)
        renderObject(ctx, obj, env, { parentMatrix: null, parentOnCache: false });
    ctx.restore();
    return canvas;
}
//# sourceMappingURL=paint-document.js.map