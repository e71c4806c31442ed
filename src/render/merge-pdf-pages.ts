import { setImmediate as nextTurn } from 'node:timers/promises';
// Static on purpose: in the esbuild server bundle a dynamic import of this CommonJS package hides PDFDocument under `default`.
import { PDFDocument } from 'pdf-lib';

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
  const merged = await PDFDocument.create({ updateMetadata: false });
  merged.setCreator('Imprint');
  merged.setProducer('Imprint (Skia/PDF, pdf-lib)');
  for (const file of files) {
    const source = await PDFDocument.load(file, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
    await nextTurn();
  }
  return Buffer.from(await merged.save({ objectsPerTick: 200 }));
}
