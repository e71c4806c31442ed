/**
 * fabric.js 7 on Node: `fabric/node` (jsdom + node-canvas, i.e. cairo and
 * pango) drawing the card's JSON exactly as a Fabric-based render service
 * would: loadFromJSON → renderAll → PNG. Both packages are optional: a
 * missing or unbuilt `canvas` makes `createFabricRenderer` throw, and the
 * bench reports fabric/node as unavailable instead of crashing.
 */
import type { TemplateDocument } from '../src/domain/template.js';
import { importOptional } from './optional-import.js';

export interface FabricSetup {
  json: TemplateDocument;
  width: number;
  height: number;
  /** TTF files (node-canvas ignores WOFF, see font-files.ts). */
  fonts: Array<{ file: string; family: string; weight: number; style: string }>;
}

interface NodeCanvasModule {
  registerFont(file: string, face: { family: string; weight?: string; style?: string }): void;
  Canvas: { PNG_FILTER_NONE: number };
}
interface FabricStaticCanvas {
  loadFromJSON(json: unknown): Promise<unknown>;
  renderAll(): void;
  getNodeCanvas(): { toBuffer(mime: 'image/png', opts: { compressionLevel: number; filters: number }): Buffer };
}
interface FabricNodeModule {
  StaticCanvas: new (el: null, opts: { width: number; height: number; renderOnAddRemove?: boolean }) => FabricStaticCanvas;
}

export async function createFabricRenderer(setup: FabricSetup): Promise<() => Promise<Buffer>> {
  const nodeCanvas = await importOptional<NodeCanvasModule>('canvas');
  // Fonts must be registered before the first canvas is created.
  for (const f of setup.fonts) nodeCanvas.registerFont(f.file, { family: f.family, weight: String(f.weight), style: f.style });
  const fabric = await importOptional<FabricNodeModule>('fabric/node');
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
export async function keepNodeCanvasLoaded(): Promise<void> {
  await importOptional<NodeCanvasModule>('canvas').catch(() => undefined);
}
