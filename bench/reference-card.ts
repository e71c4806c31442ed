/**
 * The reference template every engine renders: a 1200×630 social card
 * (bench/reference-card.json, real Fabric 7.4 `toJSON()` output) plus a
 * photo generated here with sharp, so the bench needs no network and no
 * binary fixture. The JSON is read from the repo root, not from dist/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FabricObject, TemplateDocument } from '../src/domain/template.js';
import { repoRoot } from '../src/repo-root.js';

export interface ReferenceCard {
  /** As a template is stored: the image `src` is an https URL the service would fetch. */
  document: TemplateDocument;
  photoSrc: string;
  photo: Buffer;
  photoDataUrl: string;
}

export const PHOTO_SIZE = 400;

/** A deterministic "photo": smooth gradients plus a ring pattern, JPEG q85 (what a fetched photo looks like). */
export async function makePhotoJpeg(): Promise<Buffer> {
  const n = PHOTO_SIZE;
  const raw = Buffer.alloc(n * n * 3);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = (y * n + x) * 3;
      const r = Math.hypot(x - n * 0.35, y - n * 0.4);
      raw[i] = Math.round(40 + (200 * x) / n);
      raw[i + 1] = Math.round(60 + 120 * (0.5 + 0.5 * Math.sin(r / 9)));
      raw[i + 2] = Math.round(220 - (160 * y) / n);
    }
  }
  return sharp(raw, { raw: { width: n, height: n, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function loadReferenceCard(): Promise<ReferenceCard> {
  const file = path.join(repoRoot(), 'bench', 'reference-card.json');
  const document = JSON.parse(readFileSync(file, 'utf8')) as TemplateDocument;
  const image = document.objects.find((o) => o.type === 'Image');
  if (!image || typeof image.src !== 'string') throw new Error(`${file}: no Image object with a src`);
  const photo = await makePhotoJpeg();
  return { document, photoSrc: image.src, photo, photoDataUrl: `data:image/jpeg;base64,${photo.toString('base64')}` };
}

/** The document with the photo inlined, for engines that load `src` themselves (fabric/node). */
export function withInlinePhoto(card: ReferenceCard): TemplateDocument {
  const objects = card.document.objects.map((o): FabricObject => (o.src === card.photoSrc ? { ...o, src: card.photoDataUrl } : o));
  return { ...card.document, objects };
}

/**
 * The card with two filters on its photo (as an editor's "adjust" panel saves them) and a multiply blend
 * on the rounded panel: the filter work is paid once per worker, then served from the filtered-image cache.
 */
export function withFiltersAndBlend(document: TemplateDocument): TemplateDocument {
  const objects = document.objects.map((o): FabricObject => {
    if (o.type === 'Image')
      return {
        ...o,
        filters: [
          { type: 'Saturation', saturation: 0.3 },
          { type: 'Contrast', contrast: 0.15 },
        ],
      };
    if (o.type === 'Rect') return { ...o, globalCompositeOperation: 'multiply' };
    return o;
  });
  return { ...document, objects };
}

/** The card with its first textbox's text prefixed, as an override of the title would change it. */
export function retitled(document: TemplateDocument, prefix: string): TemplateDocument {
  let done = false;
  const objects = document.objects.map((o) => {
    if (done || String(o.type).toLowerCase() !== 'textbox') return o;
    done = true;
    return { ...o, text: `${prefix}${String(o.text)}` };
  });
  return { ...document, objects };
}
