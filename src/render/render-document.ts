/**
 * The renderer's public entry point: document in, pixels out.
 * normalize and prepare (text layout), cached per object → decode images →
 * paint (Fabric's Canvas 2D call sequence on Skia) and read the pixels →
 * encode (sharp). `caches` carries what a thread keeps between renders; a
 * call without it starts cold and shares nothing.
 */
import type { SavedOutput } from './saved-output.js';
import { imageSources } from '../domain/image-sources.js';
import type { TemplateDocument } from '../domain/template.js';
import { encodePixels } from './encode.js';
import { filterWorkPerPixel } from './filters/apply-image-filters.js';
import type { ImageFilter } from '../domain/image-filters.js';
import type { DrawEnv } from './draw-object.js';
import type { DrawableImage } from './image-cache.js';
import type { NormalizedDocument } from './normalize-document.js';
import { ensureAccountFonts, ensureBundledFonts } from './fonts/font-registry.js';
import { PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { outputSize, paintDocument, paintPage, type PaintedPixels } from './paint-document.js';
import { markVectorPage } from './vector-page.js';
import { createRenderCaches, type RenderCaches } from './render-caches.js';
import { RenderError } from './render-error.js';
import type { RenderNode } from './render-node.js';
import { type PreparedText, prepareText } from './text/text-object.js';
import { megabytes } from '../domain/errors.js';

export { RenderError } from './render-error.js';

export interface AccountFont {
  key: string;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  data: Uint8Array;
}

export interface RenderInput {
  document: TemplateDocument;
  images: ReadonlyMap<string, Uint8Array>;
  fonts?: readonly AccountFont[];
  /** `quality` applies to jpeg and webp only; a pdf's images keep their source pixels. */
  output?: { format?: RenderFormat; quality?: number; scale?: number };
  /** Whose render this is (the account): see PaintOptions.owner. */
  owner?: string;
}

export type RenderFormat = 'png' | 'jpeg' | 'webp' | 'pdf';

export interface RenderOutput {
  /** The encoded image; empty when the renderer saved it itself (`saved`). */
  data: Buffer;
  /** Pixels, or for a pdf the page size in points (1 px of the template is 1 pt, times `scale`). */
  width: number;
  height: number;
  format: RenderFormat;
  /** Present only when something was drawn other than as designed (see RenderWarning). */
  warnings?: RenderWarning[];
  /** Set when the caller asked the renderer to save the bytes (saveOutput) and it did. */
  saved?: SavedOutput;
}

/** A text with `textFit: 'shrink'` that is still larger than its box at `minFontSize`. */
export interface RenderWarning {
  element: string;
  code: 'text_overflow';
  message: string;
}

/** Overflow found when the text was laid out; read from the (possibly cached) nodes on every render. */
function textWarnings(nodes: readonly RenderNode[], out: RenderWarning[] = []): RenderWarning[] {
  for (const n of nodes) {
    const overflow = n.kind === 'text' ? (n.prepared as PreparedText | undefined)?.overflow : undefined;
    if (overflow) {
      const { box, minFontSize } = overflow;
      out.push({
        element: n.label,
        code: 'text_overflow',
        message: `Text "${n.label}" does not fit its ${round2(box.width)} × ${round2(box.height)} px box even at its smallest font size (${round2(minFontSize)} px); it is drawn at that size and overflows. Shorten the text or lower minFontSize.`,
      });
    }
    textWarnings(n.children, out);
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function walk(nodes: readonly RenderNode[], fn: (n: RenderNode) => void): void {
  for (const n of nodes) {
    fn(n);
    if (n.clipPath) walk([n.clipPath], fn);
    walk(n.children, fn);
  }
}

function prepareTextNodes(nodes: readonly RenderNode[], fonts: readonly AccountFont[] | undefined): void {
  walk(nodes, (n) => {
    if (n.kind !== 'text' || !n.textSource) return;
    try {
      const prepared = prepareText(n.textSource, fonts ? { fonts, major: n.major } : { major: n.major });
      n.prepared = prepared;
      n.width = prepared.width;
      n.height = prepared.height;
      const fs = (prepared as { fontSize?: unknown }).fontSize;
      if (typeof fs === 'number') n.fontSize = fs;
    } catch (err) {
      if (err instanceof RenderError) throw err;
      throw new RenderError(`text "${n.label}" could not be laid out`, n.label);
    }
  });
}

/** Decodes exactly the images the service fetched: both take their list from imageSources. */
async function decodeImages(document: TemplateDocument, images: ReadonlyMap<string, Uint8Array>, caches: RenderCaches): Promise<Map<string, DrawableImage>> {
  const out = new Map<string, DrawableImage>();
  await Promise.all(
    [...imageSources(document)].map(async ([src, label]) => {
      const bytes = images.get(src);
      if (!bytes) throw new RenderError(`image for "${label}" is missing`, label);
      out.set(src, await caches.images.decode(bytes, label));
    }),
  );
  return out;
}

/** Each filtered image object gets its filtered copy under its imageKey (from the thread's cache when it has one). */
/**
 * Megapixel-passes (decoded megapixels × filterWorkPerPixel) that one image's filter list may cost, and
 * that all the filtering one render does may cost together: about two seconds of one core — two filters
 * on a 24 MP photo, a blur on 3 MP. Per render too, since the budget sees only the box an image is drawn
 * in: four 30 px images of one 9 MP photo, each with its own 7×7 convolution, took 11 s a render, and a
 * few accounts sending them held every worker.
 */
export const MAX_FILTER_MEGAPIXEL_PASSES = 50;

function addFilteredImages(doc: NormalizedDocument, images: Map<string, DrawableImage>, caches: RenderCaches): void {
  const roots = [doc.backgroundImage, ...doc.objects, doc.clipPath, doc.overlayImage].filter((n): n is RenderNode => n !== null);
  // Filtered images this thread has cached cost nothing: only the filtering this render does is counted.
  let spent = 0;
  walk(roots, (n) => {
    if (n.kind !== 'image' || n.filters.length === 0 || images.has(n.imageKey)) return;
    const img = images.get(n.src);
    if (!img) return;
    // The template check bounds the list; the image's pixel count is only known once it is decoded.
    const work = ((img.width * img.height) / 1e6) * filterWorkPerPixel(n.filters);
    if (work > MAX_FILTER_MEGAPIXEL_PASSES) {
      throw new RenderError(
        `the filters on "${n.label}" would cost ${work.toFixed(1)} megapixel-passes, more than the ${MAX_FILTER_MEGAPIXEL_PASSES} allowed; use a smaller image, fewer filters or a smaller blur/convolution`,
        n.label,
      );
    }
    const blendImages = new Map<string, DrawableImage>();
    for (const f of n.filters) {
      if (f.type !== 'blendImage') continue;
      const b = images.get(f.src);
      if (!b) throw new RenderError(`blend image for "${n.label}" is missing`, n.label);
      blendImages.set(f.src, b);
    }
    const count = () => {
      spent += work;
      if (spent > MAX_FILTER_MEGAPIXEL_PASSES) {
        throw new RenderError(
          `the filters of this render would cost ${spent.toFixed(1)} megapixel-passes together (reaching "${n.label}"), more than the ${MAX_FILTER_MEGAPIXEL_PASSES} a render may do; use smaller images, fewer filters or one filtered image drawn several times`,
          n.label,
        );
      }
    };
    images.set(n.imageKey, caches.filteredImages.get(img, n.filters, n.imageKey, blendImages, count));
  });
}

/** An image's `resizeFilter` at the scale it is drawn at, through the thread's filtered-image cache. */
function resizeWith(caches: RenderCaches): NonNullable<DrawEnv['resizeImage']> {
  return (n, image, scaleX, scaleY) => {
    const f = n.resizeFilter;
    if (!f) return image;
    const filter: ImageFilter = { type: 'resize', resizeType: f.resizeType, scaleX, scaleY, lanczosLobes: f.lanczosLobes };
    const work = ((image.width * image.height) / 1e6) * filterWorkPerPixel([filter]);
    if (work > MAX_FILTER_MEGAPIXEL_PASSES) {
      throw new RenderError(
        `the resizeFilter on "${n.label}" would cost ${work.toFixed(1)} megapixel-passes, more than the ${MAX_FILTER_MEGAPIXEL_PASSES} allowed; use a smaller image or the hermite resize`,
        n.label,
      );
    }
    return caches.filteredImages.get(image, [filter], `${n.imageKey}\u0000${JSON.stringify(filter)}`);
  };
}

function resolveScale(scale: number | undefined): number {
  if (scale === undefined) return 1;
  if (!Number.isFinite(scale) || scale < 0.1 || scale > 4) throw new RenderError('scale must be between 0.1 and 4');
  return scale;
}

interface Prepared {
  doc: NormalizedDocument;
  images: Map<string, DrawableImage>;
  scale: number;
  warnings: RenderWarning[];
}

/** Everything before the paint: fonts registered, text laid out (cached per object), images decoded and filtered. */
async function prepare(input: RenderInput, caches: RenderCaches): Promise<Prepared> {
  ensureBundledFonts();
  if (input.fonts?.length) ensureAccountFonts(input.fonts);
  const scale = resolveScale(input.output?.scale);
  const fontsKey = (input.fonts ?? []).map((f) => f.key).join(',');
  const doc = caches.nodes.normalize(input.document, fontsKey, (fresh) => prepareTextNodes(fresh, input.fonts));
  const images = await decodeImages(input.document, input.images, caches);
  addFilteredImages(doc, images, caches);
  return { doc, images, scale, warnings: textWarnings(doc.objects) };
}

async function paint(input: RenderInput, caches: RenderCaches): Promise<PaintedPixels & { warnings: RenderWarning[] }> {
  const { doc, images, scale, warnings } = await prepare(input, caches);
  const painted = paintDocument(doc, images, scale, {
    surfaces: caches.surfaces,
    objectCaches: caches.objectCaches,
    resizeImage: resizeWith(caches),
    memory: caches.outputs,
    owner: input.owner,
  });
  return Object.assign(painted, { warnings });
}

/**
 * What Skia's PDF backend must rasterise (shadow blurs, raster fallbacks) it
 * does at this resolution; 2× the page's 72 dpi keeps a blurred shadow smooth
 * when printed and costs a quarter of 300 dpi's pixels.
 */
const PDF_RASTER_DPI = 144;

/**
 * The bytes one rendered PDF may take. A PDF embeds each image at its source resolution, so ten 9 MB
 * photos drawn as thumbnails made a 93 MB page for one credit, which every later read of the image,
 * and every merge of a batch, loads whole. 32 MB holds several print-quality photos.
 */
export const MAX_PDF_BYTES = 32 * 1024 * 1024;

export interface PdfOutput {
  data: Buffer;
  /** Each page's size in points, in order. */
  pages: Array<{ width: number; height: number }>;
  /** Per page, present only when that page has any (see RenderWarning). */
  warnings?: Array<{ page: number } & RenderWarning>;
}

/**
 * Renders each input as one page of a single PDF, in order, through the same
 * paint as a raster (see paintPage for what differs). A page is
 * width × height points (1 px = 1 pt) times its `scale`; its `format` and
 * `quality` are not read. Pages are prepared first, so a missing image fails
 * the whole document before any page is drawn.
 */
export async function renderPdf(pages: readonly RenderInput[], caches: RenderCaches = createRenderCaches(), maxBytes = MAX_PDF_BYTES): Promise<PdfOutput> {
  if (pages.length === 0) throw new RenderError('a PDF needs at least one page');
  const prepared: Prepared[] = [];
  for (const page of pages) prepared.push(await prepare(page, caches));
  // Fixed metadata: the bytes depend only on the pages, so equal renders are equal files and share one content-addressed blob.
  const pdf = new PDFDocument({ creator: 'Imprint', producer: 'Imprint (Skia/PDF)', rasterDPI: PDF_RASTER_DPI });
  const sizes: PdfOutput['pages'] = [];
  const warnings: NonNullable<PdfOutput['warnings']> = [];
  prepared.forEach((p, i) => {
    const size = outputSize(p.doc, p.scale);
    // Typed as the DOM's context, it is the same Skia context class a canvas gives (drawImage of our canvases and images included).
    const ctx = pdf.beginPage(size.width, size.height) as unknown as SKRSContext2D;
    paintPage(markVectorPage(ctx), p.doc, p.images, p.scale);
    pdf.endPage();
    sizes.push(size);
    for (const w of p.warnings) warnings.push({ page: i + 1, ...w });
  });
  const out: PdfOutput = { data: pdf.close(), pages: sizes };
  if (out.data.length > maxBytes) {
    throw new RenderError(
      `the PDF came to ${megabytes(out.data.length)}, over the ${megabytes(maxBytes)} a PDF may be: it keeps each image's own pixels, however small the image is drawn. Use smaller image files, or a png or jpeg output`,
    );
  }
  if (warnings.length > 0) out.warnings = warnings;
  return out;
}

/**
 * `whileEncoding` runs on this thread once the pixels are handed to the encoder, which works in
 * libuv's pool: the thread would otherwise only wait there (render-worker collects garbage then).
 */
export async function renderDocument(input: RenderInput, caches: RenderCaches = createRenderCaches(), whileEncoding?: () => void): Promise<RenderOutput> {
  const format = input.output?.format ?? 'png';
  if (format === 'pdf') {
    const pdf = await renderPdf([input], caches);
    const out: RenderOutput = { data: pdf.data, ...pdf.pages[0], format };
    if (pdf.warnings) out.warnings = pdf.warnings.map(({ page: _, ...w }) => w);
    return out;
  }
  const q = input.output?.quality ?? 90;
  const quality = Math.min(100, Math.max(1, Math.round(q)));
  const painted = await paint(input, caches);
  const encoding = encodePixels(painted, { format, quality });
  whileEncoding?.();
  const data = await encoding;
  // The encoder is done with them and the output holds only the encoded bytes.
  caches.outputs.recycle(painted.pixels);
  const out: RenderOutput = { data, width: painted.width, height: painted.height, format };
  if (painted.warnings.length > 0) out.warnings = painted.warnings;
  return out;
}

/** The pixels before encoding (unpremultiplied RGBA), and whether they are known to be opaque. */
export function renderToRaw(input: RenderInput, caches: RenderCaches = createRenderCaches()): Promise<PaintedPixels> {
  return paint(input, caches);
}
