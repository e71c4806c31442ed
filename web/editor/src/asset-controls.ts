/**
 * Images from the user's own files. A raster file is uploaded to the
 * account's assets and drawn from its asset URL, which the renderer reads
 * from storage. An SVG is never uploaded: Fabric's SVG loader parses it here
 * (DOMParser, as XML, so no script in it runs) into shapes, grouped, which
 * the renderer draws like any other shape.
 */
import { loadSVGFromString, util, type FabricObject } from 'fabric';
import { ApiFailure, api } from './api.js';
import type { DocumentStore } from './document-store.js';
import { byId } from './ui/dom.js';

type Say = (message: string, kind?: 'info' | 'error' | 'ok') => void;

const RASTER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

function isSvg(file: File): boolean {
  return file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
}

export async function addUploadedImage(store: DocumentStore, file: File, say: Say): Promise<void> {
  if (!RASTER_TYPES.includes(file.type)) {
    say(`"${file.name}" is not a PNG, JPEG, WebP or GIF image.`, 'error');
    return;
  }
  say(`Uploading ${file.name}…`);
  try {
    const asset = await api.uploadAsset(file);
    await store.add('image', asset.url);
    say(`Image added (${asset.width}×${asset.height}). It is stored in your account's assets.`, 'ok');
  } catch (error) {
    say(error instanceof ApiFailure ? `Not uploaded: ${error.message}` : `The image could not be added: ${String(error)}`, 'error');
  }
}

export async function importSvg(store: DocumentStore, file: File, say: Say): Promise<void> {
  try {
    const { objects, options } = await loadSVGFromString(await file.text());
    const shapes = objects.filter((o): o is FabricObject => o !== null);
    if (shapes.length === 0) {
      say(`"${file.name}" has no shapes this editor can draw.`, 'error');
      return;
    }
    store.insert(util.groupSVGElements(shapes, options), 'graphic');
    say(`SVG imported as shapes (${shapes.length}).`, 'ok');
  } catch (error) {
    say(`"${file.name}" could not be read as SVG: ${String(error)}`, 'error');
  }
}

/** The two file fields, and drops of either kind of file onto the canvas. */
export function wireAssetControls(store: DocumentStore, stage: HTMLElement, say: Say): void {
  const imageFile = byId<HTMLInputElement>('image-file');
  imageFile.addEventListener('change', () => {
    const file = imageFile.files?.[0];
    imageFile.value = '';
    if (file) void (isSvg(file) ? importSvg(store, file, say) : addUploadedImage(store, file, say));
  });
  const svgFile = byId<HTMLInputElement>('svg-file');
  svgFile.addEventListener('change', () => {
    const file = svgFile.files?.[0];
    svgFile.value = '';
    if (file) void importSvg(store, file, say);
  });
  stage.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  stage.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    void (isSvg(file) ? importSvg(store, file, say) : addUploadedImage(store, file, say));
  });
}
