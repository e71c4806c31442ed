import { importOptional } from './optional-import.js';
export async function createFabricRenderer(setup) {
    const nodeCanvas = await importOptional('canvas');
    // Fonts must be registered before the first canvas is created.
    for (const f of setup.fonts)
        nodeCanvas.registerFont(f.file, { family: f.family, weight: String(f.weight), style: f.style });
    const fabric = await importOptional('fabric/node');
    const { width: _w, height: _h, ...json } = setup.json;
    // One canvas per worker, reused: loadFromJSON clears it, and skipping a
    // fresh jsdom/cairo surface per render is the kinder setup for fabric.
    const canvas = new fabric.StaticCanvas(null, { width: setup.width, height: setup.height, renderOnAddRemove: false });
    return async () => {
        await canvas.loadFromJSON(json);
        canvas.renderAll();
        // Same PNG settings as Imprint's encoder (zlib level 3, no row filters),
        // so the comparison is about drawing, not about encoder settings.
        return canvas.getNodeCanvas().toBuffer('image/png', { compressionLevel: 3, filters: nodeCanvas.Canvas.PNG_FILTER_NONE });
    };
}
/**
 * node-canvas crashes the process (SIGSEGV) when the last thread that loaded
 * it exits: its cleanup runs after the addon is unloaded. Keeping it loaded
 * in the main thread for the process's lifetime lets the bench's fabric
 * workers be terminated safely. A missing `canvas` is ignored here; the
 * workers then report it as unavailable.
 */
export async function keepNodeCanvasLoaded() {
    await importOptional('canvas').catch(() => undefined);
}
//# sourceMappingURL=fabric-node-engine.js.map