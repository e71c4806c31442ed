/**
 * Crop on the canvas: while an image is in crop mode, its handles move the
 * crop's edges instead of scaling it, and dragging slides the picture under
 * the frame. The whole source image shows faded around the frame, drawn on
 * Fabric's top canvas (never saved). Values are Fabric's own crop (cropX,
 * cropY, width, height in source pixels), kept inside the source as the
 * numeric fields keep them; each drag is one undo step through the store's
 * `object:modified` commit, as any Fabric drag is.
 */
import type { BasicTransformEvent, Canvas, FabricImage, FabricObject, TPointerEvent } from 'fabric';
import type { DocumentStore } from './document-store.js';

interface Start {
  left: number;
  top: number;
  cropX: number;
  cropY: number;
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
}

export class CropMode {
  private image: FabricImage | null = null;
  private start: Start | null = null;
  private drawn = false;
  /** Called when crop mode starts or ends (the properties panel's toggle shows it). */
  onToggle: (() => void) | null = null;

  constructor(
    private readonly canvas: Canvas,
    private readonly store: DocumentStore,
  ) {
    canvas.on('mouse:down', () => this.begin());
    canvas.on('object:scaling', ({ target }: BasicTransformEvent<TPointerEvent> & { target: FabricObject }) => {
      if (target === this.image) this.resize();
    });
    canvas.on('object:moving', ({ target }: BasicTransformEvent<TPointerEvent> & { target: FabricObject }) => {
      if (target === this.image) this.slide();
    });
    canvas.on('mouse:up', () => (this.start = null));
    canvas.on('selection:updated', () => this.image && this.canvas.getActiveObject() !== this.image && this.exit());
    canvas.on('selection:cleared', () => this.exit());
    canvas.on('mouse:dblclick', ({ target }) => {
      if (target && target.isType('Image') && target !== this.image) this.enter(target as FabricImage);
    });
    canvas.on('before:render', () => {
      if (this.drawn) canvas.clearContext(canvas.contextTop);
      this.drawn = false;
    });
    canvas.on('after:render', () => this.draw());
    document.addEventListener('keydown', (event) => {
      if (this.image && (event.key === 'Escape' || event.key === 'Enter')) {
        event.preventDefault();
        this.exit();
      }
    });
  }

  get active(): FabricImage | null {
    return this.image;
  }

  /** Only an unrotated image: a rotated one's edges are not the page's axes, which these sums assume. */
  enter(image: FabricImage): boolean {
    if (image.angle % 360 !== 0 || this.store.isLocked(image)) return false;
    this.exit();
    this.image = image;
    image.setControlVisible('mtr', false);
    image.set({ lockScalingFlip: true });
    this.canvas.setActiveObject(image);
    this.canvas.requestRenderAll();
    this.onToggle?.();
    return true;
  }

  exit(): void {
    const image = this.image;
    if (!image) return;
    this.image = null;
    image.setControlVisible('mtr', true);
    image.set({ lockScalingFlip: false });
    this.canvas.requestRenderAll();
    this.onToggle?.();
  }

  private begin(): void {
    const o = this.image;
    this.start = o ? { left: o.left, top: o.top, cropX: o.cropX, cropY: o.cropY, width: o.width, height: o.height, scaleX: o.scaleX, scaleY: o.scaleY } : null;
  }

  /**
   * Fabric has just scaled the image with the opposite edge anchored; turn
   * that into a crop at the original scale: the visible size in source pixels
   * becomes the crop size, and a moved left/top edge moves cropX/cropY.
   */
  private resize(): void {
    const o = this.image;
    const s = this.start;
    if (!o || !s) return;
    const source = o.getOriginalSize();
    let cropX = s.cropX + (o.left - s.left) / s.scaleX;
    let cropY = s.cropY + (o.top - s.top) / s.scaleY;
    const right = s.cropX + s.width + (o.left + o.width * o.scaleX - (s.left + s.width * s.scaleX)) / s.scaleX;
    const bottom = s.cropY + s.height + (o.top + o.height * o.scaleY - (s.top + s.height * s.scaleY)) / s.scaleY;
    cropX = clamp(cropX, 0, source.width - 1);
    cropY = clamp(cropY, 0, source.height - 1);
    const width = clamp(right, cropX + 1, source.width) - cropX;
    const height = clamp(bottom, cropY + 1, source.height) - cropY;
    o.set({
      cropX: round(cropX),
      cropY: round(cropY),
      width: round(width),
      height: round(height),
      scaleX: s.scaleX,
      scaleY: s.scaleY,
      left: s.left + (round(cropX) - s.cropX) * s.scaleX,
      top: s.top + (round(cropY) - s.cropY) * s.scaleY,
    });
    o.setCoords();
  }

  /** Dragging in crop mode moves the picture under a fixed frame. */
  private slide(): void {
    const o = this.image;
    const s = this.start;
    if (!o || !s) return;
    const source = o.getOriginalSize();
    const cropX = clamp(s.cropX - (o.left - s.left) / s.scaleX, 0, source.width - o.width);
    const cropY = clamp(s.cropY - (o.top - s.top) / s.scaleY, 0, source.height - o.height);
    o.set({ left: s.left, top: s.top, cropX: round(cropX), cropY: round(cropY) });
    o.setCoords();
  }

  /** The whole source, faded, where it would be uncropped; the frame is Fabric's own selection border. */
  private draw(): void {
    const o = this.image;
    if (!o) return;
    // Undo and redo rebuild every object: the one being cropped is gone.
    if (!this.store.objects().includes(o)) return void queueMicrotask(() => this.exit());
    const element = o.getElement();
    const ctx = this.canvas.contextTop;
    ctx.save();
    const v = this.canvas.viewportTransform;
    ctx.transform(v[0], v[1], v[2], v[3], v[4], v[5]);
    const m = o.calcTransformMatrix();
    ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    ctx.globalAlpha = 0.35;
    const source = o.getOriginalSize();
    // The image draws its crop centred on its own origin: the full source starts cropX/cropY further up-left.
    ctx.drawImage(element, -o.width / 2 - o.cropX, -o.height / 2 - o.cropY, source.width, source.height);
    ctx.restore();
    this.drawn = true;
  }
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

/** Whole source pixels: what a person means by a crop, and short JSON. */
function round(v: number): number {
  return Math.round(v);
}
