/**
 * Crop on the canvas: while an image is in crop mode, its handles move the
 * crop's edges instead of scaling it, and dragging slides the picture under
 * the frame. The whole source image shows faded around the frame, drawn on
 * Fabric's top canvas (never saved). Values are Fabric's own crop (cropX,
 * cropY, width, height in source pixels), kept inside the source as the
 * numeric fields keep them; each drag is one undo step through the store's
 * `object:modified` commit, as any Fabric drag is. The sums run in the
 * image's own frame (its top-left corner, its axes), so a rotated image crops
 * along its own edges as an upright one does.
 */
import { Point, util, type BasicTransformEvent, type Canvas, type FabricImage, type FabricObject, type TPointerEvent } from 'fabric';
import type { DocumentStore } from './document-store.js';

interface Start {
  /** The image's top-left corner on the canvas, whatever its origin and angle. */
  corner: Point;
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

  enter(image: FabricImage): boolean {
    if (this.store.isLocked(image)) return false;
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
    this.start = o ? { corner: topLeft(o), cropX: o.cropX, cropY: o.cropY, width: o.width, height: o.height, scaleX: o.scaleX, scaleY: o.scaleY } : null;
  }

  /** How far the image's top-left corner has moved since the drag began, along the image's own axes. */
  private cornerShift(o: FabricImage, s: Start): Point {
    return util.rotateVector(topLeft(o).subtract(s.corner), util.degreesToRadians(-o.angle));
  }

  /** Puts the top-left corner `shift` (along the image's axes) from where it was when the drag began. */
  private placeCorner(o: FabricImage, s: Start, shift: Point): void {
    o.setPositionByOrigin(s.corner.add(util.rotateVector(shift, util.degreesToRadians(o.angle))), 'left', 'top');
    o.setCoords();
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
    const shift = this.cornerShift(o, s);
    let cropX = s.cropX + shift.x / s.scaleX;
    let cropY = s.cropY + shift.y / s.scaleY;
    const right = s.cropX + s.width + (shift.x + o.width * o.scaleX - s.width * s.scaleX) / s.scaleX;
    const bottom = s.cropY + s.height + (shift.y + o.height * o.scaleY - s.height * s.scaleY) / s.scaleY;
    cropX = clamp(cropX, 0, source.width - 1);
    cropY = clamp(cropY, 0, source.height - 1);
    const width = clamp(right, cropX + 1, source.width) - cropX;
    const height = clamp(bottom, cropY + 1, source.height) - cropY;
    o.set({ cropX: round(cropX), cropY: round(cropY), width: round(width), height: round(height), scaleX: s.scaleX, scaleY: s.scaleY });
    this.placeCorner(o, s, new Point((round(cropX) - s.cropX) * s.scaleX, (round(cropY) - s.cropY) * s.scaleY));
  }

  /** Dragging in crop mode moves the picture under a fixed frame. */
  private slide(): void {
    const o = this.image;
    const s = this.start;
    if (!o || !s) return;
    const source = o.getOriginalSize();
    const shift = this.cornerShift(o, s);
    const cropX = clamp(s.cropX - shift.x / s.scaleX, 0, source.width - o.width);
    const cropY = clamp(s.cropY - shift.y / s.scaleY, 0, source.height - o.height);
    o.set({ cropX: round(cropX), cropY: round(cropY) });
    this.placeCorner(o, s, new Point(0, 0));
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

function topLeft(o: FabricObject): Point {
  return o.getPositionByOrigin('left', 'top');
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

/** Whole source pixels: what a person means by a crop, and short JSON. */
function round(v: number): number {
  return Math.round(v);
}
