import { normalizeCached } from './document-cache.js';
import { canvasToRaw, encodeCanvas } from './encode.js';
import { ensureAccountFonts, ensureBundledFonts } from './fonts/font-registry.js';
import { decodeImage } from './image-cache.js';
import { nodeKind } from './normalize-document.js';
import { paintDocument } from './paint-document.js';
import { RenderError } from './render-error.js';
import { prepareText } from './text/text-object.js';
export { RenderError } from './render-error.js';
/** Every image `src` the document draws (including inside groups and clip paths), deduplicated. */
export function collectImageSources(document) {
    const out = new Set();
    const visit = (o) => {
        if (!o || typeof o !== 'object')
            return;
        if (nodeKind(String(o.type ?? '')) === 'image' && typeof o.src === 'string' && o.src)
            out.add(o.src);
        if (Array.isArray(o.objects))
            for (const c of o.objects)
                visit(c);
        if (o.clipPath && typeof o.clipPath === 'object')
            visit(o.clipPath);
    };
    for (const o of document.objects ?? [])
        visit(o);
    return [...out];
}
function walk(nodes, fn) {
    for (const n of nodes) {
        fn(n);
        if (n.clipPath)
            walk([n.clipPath], fn);
        walk(n.children, fn);
    }
}
function prepareTextNodes(doc, fonts) {
    walk(doc.objects, (n) => {
        if (n.kind !== 'text' || !n.textSource)
            return;
        try {
            const prepared = prepareText(n.textSource, fonts ? { fonts } : {});
            n.prepared = prepared;
            n.width = prepared.width;
            n.height = prepared.height;
            const fs = prepared.fontSize;
            if (typeof fs === 'number')
                n.fontSize = fs;
        }
        catch (err) {
            if (err instanceof RenderError)
                throw err;
            throw new RenderError(`text "${n.label}" could not be laid out`, n.label);
        }
    });
}
async function decodeImages(doc, images) {
    const wanted = new Map();
    walk(doc.objects, (n) => {
        if (n.kind === 'image' && !wanted.has(n.src))
            wanted.set(n.src, n.label);
    });
    const out = new Map();
    await Promise.all([...wanted].map(async ([src, label]) => {
        const bytes = images.get(src);
        if (!bytes)
            throw new RenderError(`image for "${label}" is missing`, label);
        out.set(src, await decodeImage(bytes, label));
    }));
    return out;
}
function resolveScale(scale) {
    if (scale === undefined)
        return 1;
    if (!Number.isFinite(scale) || scale < 0.1 || scale > 4)
        throw new RenderError('scale must be between 0.1 and 4');
    return scale;
}
async function paint(input) {
    ensureBundledFonts();
    if (input.fonts?.length)
        ensureAccountFonts(input.fonts);
    const scale = resolveScale(input.output?.scale);
    const doc = normalizeCached(input.document, input.cacheKey, (d) => prepareTextNodes(d, input.fonts));
    const images = await decodeImages(doc, input.images);
    return paintDocument(doc, images, scale);
}
export async function renderDocument(input) {
    const format = input.output?.format ?? 'png';
    const q = input.output?.quality ?? 90;
    const quality = Math.min(100, Math.max(1, Math.round(q)));
    const canvas = await paint(input);
    const data = await encodeCanvas(canvas, { format, quality });
    return { data, width: canvas.width, height: canvas.height, format };
}
export async function renderToRaw(input) {
    const canvas = await paint(input);
    return { pixels: canvasToRaw(canvas), width: canvas.width, height: canvas.height };
}
//# sourceMappingURL=render-document.js.map