/**
 * A Textbox that draws `textFit: 'shrink'` the way the server renders it.
 *
 * The server keeps a shrink text's stored width and height as its box and
 * multiplies every font size by the largest factor whose layout fits it
 * (src/domain/shrink-to-fit.ts, the one search both sides call). Here the
 * layout is Fabric's own: `fontSize` reads as the designed size times that
 * factor, per-character sizes are scaled as they are read, and the object's
 * width and height are the fitted layout's, exactly the object the server
 * draws. What is saved is the design: the designed font size, the unscaled
 * styles, and the box.
 */
import { classRegistry, type Point, type SerializedTextboxProps, type TClassProperties, Textbox, type TextboxProps, type TextStyleDeclaration } from 'fabric';
import { fitsBox, minFontSizeOf, shrinkToFit } from '../../../src/domain/shrink-to-fit.js';

type StyleKey = Parameters<Textbox['getValueOfPropertyAt']>[2];

const finite = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
const round2 = (v: number) => Math.round(v * 100) / 100;

/** Where an origin sits along its side: 0 at left/top, 0.5 at the centre, 1 at right/bottom. */
function originShare(origin: unknown): number {
  if (typeof origin === 'number') return origin;
  if (origin === 'center') return 0.5;
  return origin === 'right' || origin === 'bottom' ? 1 : 0;
}

export class FitTextbox extends Textbox {
  // Declared, never initialised: Fabric's constructor sets these (through the
  // accessors and _set below) before a subclass's own field initialisers would run.
  declare textFit?: string;
  declare minFontSize?: number;
  /** The size as designed and saved; `fontSize` reads it times `fitScale`. */
  declare designFontSize: number;
  /** The factor textFit multiplies every font size by (1 when the text fits, or does not shrink). */
  declare fitScale: number | undefined;
  /** The box a shrink text fits into: its saved width and height. */
  declare frameWidth?: number;
  declare frameHeight?: number;
  /** True while the fit lays the text out: Fabric's own width changes are not the box. */
  declare private fitting?: boolean;

  /** Fabric's initDimensions, at the largest factor (down to minFontSize) whose layout fits the box. */
  override initDimensions(): void {
    if (!this.initialized) return;
    if (this.textFit !== 'shrink') {
      this.fitScale = 1;
      super.initDimensions();
      return;
    }
    const box = { width: finite(this.frameWidth) ? this.frameWidth : Number.POSITIVE_INFINITY, height: finite(this.frameHeight) ? this.frameHeight : Number.POSITIVE_INFINITY };
    const layOut = (scale: number) => {
      this.fitScale = scale;
      // A Textbox widens itself for a word longer than its width; each try starts from the box again.
      if (finite(box.width)) this.width = box.width;
      super.initDimensions();
      return { width: this.width, height: this.height };
    };
    this.fitting = true;
    try {
      const { scale } = shrinkToFit(this.designFontSize, minFontSizeOf({ minFontSize: this.minFontSize }), (s) => fitsBox(layOut(s), box));
      if (this.fitScale !== scale) layOut(scale);
    } finally {
      this.fitting = false;
    }
  }

  override _set(key: string, value: unknown): this {
    // Switching shrink on: the box is what the designer sees at that moment.
    if (key === 'textFit' && value === 'shrink' && this.textFit !== 'shrink' && this.initialized) {
      this.frameWidth = round2(this.width);
      this.frameHeight = round2(this.height);
    }
    super._set(key, value);
    if (!this.fitting && key === 'width') this.frameWidth = value as number;
    if (!this.fitting && key === 'height') this.frameHeight = value as number;
    return this;
  }

  /**
   * Typing: Fabric keeps the text's top edge where it was, moving the origin
   * when the height changes. A shrink text's box hangs from its origin point
   * (as the server places it), so the origin stays and the box does not move.
   */
  override updateFromTextArea(): void {
    if (this.textFit !== 'shrink') {
      super.updateFromTextArea();
      return;
    }
    const { left, top } = this;
    super.updateFromTextArea();
    this.set({ left, top });
    this.setCoords();
  }

  /** A per-character size, scaled like the object's (the server scales both). */
  override getValueOfPropertyAt<T extends StyleKey>(lineIndex: number, charIndex: number, property: T): this[T] {
    const value = super.getValueOfPropertyAt(lineIndex, charIndex, property);
    if (property !== 'fontSize') return value;
    const own = this._getStyleDeclaration(lineIndex, charIndex).fontSize;
    return (typeof own === 'number' ? own * this.fitFactor() : value) as this[T];
  }

  override getCompleteStyleDeclaration(lineIndex: number, charIndex: number): ReturnType<Textbox['getCompleteStyleDeclaration']> {
    const style = super.getCompleteStyleDeclaration(lineIndex, charIndex);
    const own: TextStyleDeclaration = this._getStyleDeclaration(lineIndex, charIndex);
    if (typeof own.fontSize === 'number') style.fontSize = own.fontSize * this.fitFactor();
    return style;
  }

  /** Saved as designed: the designed font size and the box, never the fitted layout. */
  override toObject<T extends Omit<Partial<TextboxProps> & TClassProperties<this>, keyof SerializedTextboxProps>, K extends keyof T = never>(
    propertiesToInclude?: K[],
  ): Pick<T, K> & SerializedTextboxProps {
    const out = super.toObject<T, K>(propertiesToInclude);
    if (this.textFit !== 'shrink') return out;
    return {
      ...out,
      fontSize: this.designFontSize,
      ...(finite(this.frameWidth) ? { width: this.frameWidth } : {}),
      ...(finite(this.frameHeight) ? { height: this.frameHeight } : {}),
    };
  }

  /** The selection border, plus the box a shrink text fits into, dashed. */
  override strokeBorders(ctx: CanvasRenderingContext2D, size: Point): void {
    super.strokeBorders(ctx, size);
    if (this.textFit !== 'shrink' || this.group) return;
    const frame = this.frame();
    const zoom = this.canvas?.getZoom() ?? 1;
    const kx = zoom * this.scaleX;
    const ky = zoom * this.scaleY;
    ctx.save();
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(frame.left * kx, frame.top * ky, frame.width * kx, frame.height * ky);
    ctx.restore();
  }

  /**
   * The box in the object's own units from its centre. The server anchors the
   * fitted text at the object's origin point, so the box is anchored there too.
   */
  frame(): { left: number; top: number; width: number; height: number } {
    const width = finite(this.frameWidth) ? this.frameWidth : this.width;
    const height = finite(this.frameHeight) ? this.frameHeight : this.height;
    const fx = originShare(this.originX);
    const fy = originShare(this.originY);
    return { left: (fx - 0.5) * this.width - fx * width, top: (fy - 0.5) * this.height - fy * height, width, height };
  }

  private fitFactor(): number {
    return this.fitScale ?? 1;
  }
}

// Every size Fabric reads while laying out, drawing, hit-testing and placing the
// cursor comes through `fontSize`; setting it (the panel, loadFromJSON) sets the design.
Object.defineProperty(FitTextbox.prototype, 'fontSize', {
  configurable: true,
  get(this: FitTextbox) {
    return this.designFontSize * (this.fitScale ?? 1);
  },
  set(this: FitTextbox, value: number) {
    this.designFontSize = value;
  },
});

// Loading 'Textbox' / 'textbox' JSON now builds this class.
classRegistry.setClass(FitTextbox);

/** The font size a text is designed (and saved) at, whatever it is drawn at. */
export function designedFontSize(o: object): number {
  return o instanceof FitTextbox ? o.designFontSize : Number((o as { fontSize?: unknown }).fontSize);
}

/** The size a shrink text is drawn at, when that differs from its design. */
export function drawnFontSize(o: object): number | null {
  return o instanceof FitTextbox && o.textFit === 'shrink' ? o.fontSize : null;
}
