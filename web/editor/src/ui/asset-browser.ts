/**
 * "Your images": the account's uploaded assets (GET /assets), newest first,
 * each drawn from its own URL (same origin, so the session cookie reads it and
 * the canvas stays untainted). A click adds one as a new image or puts it in
 * the selected image's place; Delete asks the server, which refuses while a
 * saved template draws it and names the templates.
 */
import { FabricImage } from 'fabric';
import { imageUses } from '../../../../src/domain/image-sources.js';
import { ApiFailure, api, type Asset } from '../api.js';
import type { DocumentStore } from '../document-store.js';
import { byId, h } from './dom.js';

type Say = (message: string, kind?: 'info' | 'error' | 'ok') => void;

function describe(asset: Asset): string {
  const type = asset.contentType.replace(/^image\//, '').toUpperCase();
  const size = asset.bytes >= 1024 * 1024 ? `${(asset.bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(asset.bytes / 1024))} KB`;
  return `${asset.width} × ${asset.height} ${type}, ${size}`;
}

/**
 * Puts another picture in an image's place: the box on the canvas (position,
 * size, angle) stays, and the new picture covers it, cropped centrally, as the
 * API's default `cover` fit does with an image sent at generate time.
 */
export async function replaceImageSource(store: DocumentStore, image: FabricImage, url: string): Promise<void> {
  const boxWidth = image.getScaledWidth();
  const boxHeight = image.getScaledHeight();
  await image.setSrc(url, { crossOrigin: 'anonymous' });
  const source = image.getOriginalSize();
  const scale = Math.max(boxWidth / source.width, boxHeight / source.height);
  const width = Math.min(source.width, boxWidth / scale);
  const height = Math.min(source.height, boxHeight / scale);
  image.set({ width, height, cropX: (source.width - width) / 2, cropY: (source.height - height) / 2, scaleX: scale, scaleY: scale });
  image.setCoords();
  store.commit();
}

export class AssetBrowser {
  private readonly dialog = byId<HTMLDialogElement>('assets-dialog');
  private readonly list = byId<HTMLUListElement>('assets-list');
  private readonly message = byId<HTMLElement>('assets-message');
  private readonly more = byId<HTMLButtonElement>('assets-more');
  private nextCursor: string | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly say: Say,
  ) {
    byId('open-assets').addEventListener('click', () => void this.open());
    this.more.addEventListener('click', () => void this.load(this.nextCursor));
    store.onChange(() => {
      if (this.dialog.open) this.updateReplaceButtons();
    });
  }

  async open(): Promise<void> {
    this.list.replaceChildren();
    this.tell('Loading your images…');
    this.dialog.showModal();
    await this.load(null);
  }

  private async load(cursor: string | null): Promise<void> {
    try {
      const page = await api.assets(cursor);
      this.list.append(...page.assets.map((asset) => this.tile(asset)));
      this.nextCursor = page.nextCursor;
      this.more.hidden = page.nextCursor === null;
      this.updateReplaceButtons();
      this.tell(
        this.list.childElementCount === 0
          ? 'No images yet. Upload a photo or logo (or drop one on the canvas): it is kept here for every template.'
          : 'Add one as a new image, or select an image on the canvas and put this one in its place.',
      );
    } catch (error) {
      this.tell(`Your images could not be listed: ${error instanceof ApiFailure ? error.message : String(error)}`, 'error');
    }
  }

  private tell(text: string, kind: 'info' | 'error' = 'info'): void {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  private selectedImage(): FabricImage | null {
    const selected = this.store.selected();
    return selected instanceof FabricImage ? selected : null;
  }

  private updateReplaceButtons(): void {
    const image = this.selectedImage();
    for (const button of this.list.querySelectorAll<HTMLButtonElement>('button[data-action="replace"]')) {
      button.disabled = image === null;
      button.title = image ? `Put this picture in place of "${String((image as { name?: unknown }).name ?? '')}", keeping its box` : 'Select an image on the canvas first';
    }
  }

  private tile(asset: Asset): HTMLLIElement {
    const label = describe(asset);
    const item = h(
      'li',
      { class: 'asset-tile', 'data-asset': asset.id },
      h('img', { src: asset.url, alt: `Image ${label}`, loading: 'lazy', decoding: 'async', width: 160, height: 110 }),
      h('span', { class: 'asset-meta' }, label),
    );
    const add = h('button', { type: 'button', 'aria-label': `Add image ${label}` }, 'Add');
    const replace = h('button', { type: 'button', 'data-action': 'replace', 'aria-label': `Replace the selected image with ${label}` }, 'Replace');
    const remove = h('button', { type: 'button', class: 'danger-link', 'aria-label': `Delete image ${label}` }, 'Delete');
    add.addEventListener('click', () => void this.add(asset));
    replace.addEventListener('click', () => void this.replace(asset));
    remove.addEventListener('click', () => void this.remove(asset, item));
    item.append(h('div', { class: 'asset-actions' }, add, replace, remove));
    return item;
  }

  private async add(asset: Asset): Promise<void> {
    try {
      await this.store.add('image', asset.url);
      this.dialog.close();
      this.say(`Image added (${asset.width}×${asset.height}) from your images.`, 'ok');
    } catch (error) {
      this.tell(`The image could not be added: ${String(error)}`, 'error');
    }
  }

  private async replace(asset: Asset): Promise<void> {
    const image = this.selectedImage();
    if (!image) return this.tell('Select an image on the canvas first, then choose the picture to put in its place.', 'error');
    try {
      await replaceImageSource(this.store, image, asset.url);
      this.dialog.close();
      this.say(`"${String((image as { name?: unknown }).name ?? '')}" now shows the ${asset.width}×${asset.height} image; its box is unchanged.`, 'ok');
    } catch (error) {
      this.tell(`The image could not be replaced: ${String(error)}`, 'error');
    }
  }

  private async remove(asset: Asset, item: HTMLLIElement): Promise<void> {
    // The server knows saved templates only; this design may draw it without being saved yet.
    if (imageUses(this.store.toDocument()).some((use) => use.src === asset.url)) {
      return this.tell('Not deleted: this design draws the image. Remove or replace it here first.', 'error');
    }
    try {
      await api.deleteAsset(asset.id);
      item.remove();
      this.tell(`Deleted the ${describe(asset)} image.`);
    } catch (error) {
      this.tell(`Not deleted: ${error instanceof ApiFailure ? error.message : String(error)}`, 'error');
    }
  }
}
