import { setImmediate as nextTurn } from 'node:timers/promises';
import type * as PdfLib from 'pdf-lib';

/**
 * pdf-lib is imported on the first merge, not with the server: loading it
 * (and the standard-font metrics it inflates on load) was about a tenth of the
 * server's start-up CPU, for a feature only PDF batches use. Node hands a
 * CommonJS package's exports over as named exports; the esbuild server bundle
 * only under `default`.
 */
async function pdfLib(): Promise<typeof PdfLib> {
  const loaded = (await import('pdf-lib')) as typeof PdfLib & { default?: typeof PdfLib };
  return loaded.PDFDocument ? loaded : (loaded.default as typeof PdfLib);
}

/**
 * One PDF holding every page of `files`, in order. Pages are copied as they
 * are (content streams, subset fonts, images), not redrawn, so text stays
 * selectable and each page keeps the fonts its own render embedded.
 * Fixed metadata, as renderPdf writes it, so the same pages give the same bytes.
 * It runs on the server's own thread (about 8 ms of CPU per page), so it
 * yields to pending I/O after every file and while writing: a 1,000-page
 * batch must not stall every other request for seconds.
 */
export async function mergePdfPages(files: readonly Uint8Array[]): Promise<Buffer> {
  const { PDFDocument } = await pdfLib();
  const merged = await PDFDocument.create({ updateMetadata: false });
  merged.setCreator('Imprint');
  merged.setProducer('Imprint (Skia/PDF, pdf-lib)');
  for (const file of files) {
    const source = await PDFDocument.load(file, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
    await nextTurn();
  }
  const out = await merged.save({ objectsPerTick: 200 });
  // A view, not a copy: a merged PDF may be hundreds of MB.
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}
