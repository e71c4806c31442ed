/**
 * The store: the Fabric canvas is the one source of truth for objects, and
 * this class is the only code that mutates it. Each finished change is
 * committed to the History as a serialized snapshot; panels only read from
 * here and call its methods, so the UI never touches history itself.
 */
import { util, Canvas, Circle, Ellipse, FabricImage, FabricObject, Line, Polygon, Rect, Textbox, Triangle, type TOptions } from 'fabric';
import { canonicalType, isTextType } from '../../../src/domain/fabric-types.js';
import type { TemplateDocument } from '../../../src/domain/template.js';
import { ensureFonts, type TextLike } from './fonts.js';
import { History } from './history.js';
import { copyName, uniqueName, type ObjectKind } from './names.js';

/**
 * Saved with every object: `name` is the API's handle; the lock flags are
 * editor state the server ignores (object-properties.ts IGNORED), kept so a
 * locked background stays locked after a reload.
 */
export const EXTRA_PROPERTIES = ['name', 'lockMovementX', 'lockMovementY', 'lockRotation', 'lockScalingX', 'lockScalingY', 'hasControls'];

// Fabric 7 centres origins by default; top-left makes the X/Y fields mean what designers expect.
FabricObject.ownDefaults.originX = 'left';
FabricObject.ownDefaults.originY = 'top';

type Listener = () => void;

export class DocumentStore {
  readonly history: History<string>;
  width = 1200;
  height = 630;
  private listeners = new Set<Listener>();
  /** While a snapshot is being restored, Fabric's own events must not commit. */
  private restoring = false;

  constructor(readonly canvas: Canvas) {
    this.history = new History<string>(this.snapshot(), 200);
    canvas.on('object:modified', () => this.commit());
    canvas.on('text:changed', () => this.emit());
    canvas.on('text:editing:exited', () => this.commit());
    // Fabric types into a hidden textarea of its own; give it a name so screen readers and label checks see a labelled field.
    canvas.on('text:editing:entered', ({ target }) => {
      target.hiddenTextarea?.setAttribute('aria-label', `Text of ${String((target as { name?: unknown }).name ?? 'the text')}`);
    });
    canvas.on('selection:created', () => this.emit());
    canvas.on('selection:updated', () => this.emit());
    canvas.on('selection:cleared', () => this.emit());
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }

  objects(): FabricObject[] {
    return this.canvas.getObjects();
  }

  names(except?: FabricObject): Set<string> {
    return new Set(this.objects().filter((o) => o !== except).map((o) => String((o as { name?: unknown }).name ?? '')));
  }

  selected(): FabricObject | null {
    const active = this.canvas.getActiveObject();
    return active && this.objects().includes(active) ? active : null;
  }

  select(object: FabricObject | null): void {
    if (object) this.canvas.setActiveObject(object);
    else this.canvas.discardActiveObject();
    this.canvas.requestRenderAll();
    this.emit();
  }

  /** The template as the API takes it: Fabric's own serialization plus the output size. */
  toDocument(): TemplateDocument {
    const json = this.canvas.toObject(EXTRA_PROPERTIES) as unknown as TemplateDocument;
    return { ...json, width: this.width, height: this.height };
  }

  private snapshot(): string {
    return JSON.stringify(this.toDocument());
  }

  /** Records the current state as one undo step and tells the panels. */
  commit(): void {
    if (this.restoring) return;
    this.history.push(this.snapshot());
    this.canvas.requestRenderAll();
    this.emit();
  }

  async load(doc: TemplateDocument): Promise<void> {
    await this.restore(doc);
    this.history.reset(this.snapshot());
    this.emit();
  }

  private async restore(doc: TemplateDocument): Promise<void> {
    this.restoring = true;
    try {
      // By position, not name: undoing a rename must keep the same object selected.
      const selectedIndex = this.objects().indexOf(this.selected() as FabricObject);
      this.width = doc.width;
      this.height = doc.height;
      await ensureFonts(collectTexts(doc.objects));
      await this.canvas.loadFromJSON(withExplicitOrigins(doc));
      if (doc.background === undefined) this.canvas.backgroundColor = '';
      for (const o of this.objects()) if (o instanceof Textbox) o.initDimensions();
      const again = selectedIndex >= 0 ? this.objects()[selectedIndex] : undefined;
      if (again) this.canvas.setActiveObject(again);
      this.canvas.requestRenderAll();
    } finally {
      this.restoring = false;
    }
  }

  /** Replaces the whole document (an imported file, a restored draft) as one undoable step. */
  async replace(doc: TemplateDocument): Promise<void> {
    await this.restore(doc);
    this.commit();
  }

  async undo(): Promise<void> {
    const state = this.history.undo();
    if (state !== null) await this.restore(JSON.parse(state) as TemplateDocument);
    this.emit();
  }

  async redo(): Promise<void> {
    const state = this.history.redo();
    if (state !== null) await this.restore(JSON.parse(state) as TemplateDocument);
    this.emit();
  }

  async add(kind: ObjectKind, imageUrl?: string): Promise<FabricObject> {
    const name = uniqueName(kind, this.names());
    const w = this.width;
    const h = this.height;
    const unit = Math.min(w, h);
    let object: FabricObject;
    switch (kind) {
      case 'text': {
        const heading = name === 'title';
        const options = {
          name, left: w * 0.08, top: h * 0.1 + this.objects().length * 12, width: w * 0.6,
          fontFamily: 'Inter', fontSize: Math.round(unit * (heading ? 0.09 : 0.045)), fontWeight: heading ? 700 : 400,
          fill: '#111827', lineHeight: 1.16,
        };
        await ensureFonts([{ ...options, text: 'Your text here' }]);
        object = new Textbox(heading ? 'Your headline here' : 'Your text here', options as TOptions<Textbox>);
        break;
      }
      case 'rect':
        object = new Rect({ name, left: w * 0.1, top: h * 0.45, width: unit * 0.4, height: unit * 0.25, rx: 16, ry: 16, fill: '#4f46e5', strokeWidth: 0 } as TOptions<Rect>);
        break;
      case 'circle':
        object = new Circle({ name, left: w * 0.6, top: h * 0.4, radius: unit * 0.15, fill: '#f59e0b', strokeWidth: 0 } as TOptions<Circle>);
        break;
      case 'ellipse':
        object = new Ellipse({ name, left: w * 0.55, top: h * 0.3, rx: unit * 0.2, ry: unit * 0.12, fill: '#10b981', strokeWidth: 0 } as TOptions<Ellipse>);
        break;
      case 'triangle':
        object = new Triangle({ name, left: w * 0.3, top: h * 0.3, width: unit * 0.3, height: unit * 0.26, fill: '#ec4899', strokeWidth: 0 } as TOptions<Triangle>);
        break;
      case 'polygon':
      case 'star': {
        // A regular hexagon, or a five-point star whose inner radius is 0.4 of the outer (the classic proportion).
        const r = unit * 0.14;
        const points = kind === 'star' ? starPoints(5, r, r * 0.4) : starPoints(3, r, r);
        object = new Polygon(points, { name, left: w * 0.4, top: h * 0.25, fill: kind === 'star' ? '#eab308' : '#0ea5e9', strokeWidth: 0 } as TOptions<Polygon>);
        break;
      }
      case 'line':
        object = new Line([w * 0.1, h * 0.85, w * 0.5, h * 0.85], { name, stroke: '#111827', strokeWidth: 4 } as TOptions<Line>);
        break;
      case 'image': {
        object = await FabricImage.fromURL(imageUrl ?? '', { crossOrigin: 'anonymous' });
        const scale = Math.min(1, (w * 0.5) / (object.width || 1), (h * 0.5) / (object.height || 1));
        object.set({ name, left: w * 0.45, top: h * 0.1, scaleX: scale, scaleY: scale } as Partial<FabricObject>);
        break;
      }
      case 'graphic':
        throw new Error('an imported graphic is added with insert()');
    }
    this.canvas.add(object);
    this.canvas.setActiveObject(object);
    this.commit();
    return object;
  }

  /** Adds an object built elsewhere (an imported SVG), named like an added one, scaled to fit half the canvas. */
  insert(object: FabricObject, kind: ObjectKind): FabricObject {
    const scale = Math.min(1, (this.width * 0.5) / (object.width || 1), (this.height * 0.5) / (object.height || 1));
    object.set({ name: uniqueName(kind, this.names()), left: this.width * 0.1, top: this.height * 0.1, scaleX: scale, scaleY: scale } as Partial<FabricObject>);
    this.canvas.add(object);
    this.canvas.setActiveObject(object);
    this.commit();
    return object;
  }

  /** Applies one property change; `final` (a committed field, not a keystroke) makes it an undo step. */
  async set(object: FabricObject, props: Record<string, unknown>, final: boolean): Promise<void> {
    if (isTextType(canonicalType(object.type)) && ('fontFamily' in props || 'fontWeight' in props || 'fontStyle' in props)) {
      await ensureFonts([{ ...(object as unknown as TextLike), ...props } as TextLike]);
    }
    object.set(props);
    if (object instanceof Textbox) object.initDimensions();
    object.setCoords();
    if (final) this.commit();
    else {
      this.canvas.requestRenderAll();
      this.emit();
    }
  }

  /**
   * Adds a copy of a serialized object (from `serialize`), offset so it is
   * visible, with a fresh unique name: names are the API, two alike would be
   * refused on save.
   */
  async paste(json: Record<string, unknown>, offset = 20): Promise<FabricObject> {
    const [object] = (await util.enlivenObjects<FabricObject>([json]));
    const name = copyName(String(json.name ?? 'copy'), this.names());
    object.set({ name, left: object.left + offset, top: object.top + offset } as Partial<FabricObject>);
    if (isTextType(canonicalType(object.type))) await ensureFonts([object as unknown as TextLike]);
    this.canvas.add(object);
    this.canvas.setActiveObject(object);
    this.commit();
    return object;
  }

  serialize(object: FabricObject): Record<string, unknown> {
    return object.toObject(EXTRA_PROPERTIES) as Record<string, unknown>;
  }

  remove(object: FabricObject): void {
    this.canvas.remove(object);
    this.commit();
  }

  /** Moves to `index` in paint order (0 = bottom). */
  moveTo(object: FabricObject, index: number): void {
    this.canvas.moveObjectTo(object, Math.max(0, Math.min(this.objects().length - 1, index)));
    this.commit();
  }

  setLocked(object: FabricObject, locked: boolean): void {
    object.set({ lockMovementX: locked, lockMovementY: locked, lockRotation: locked, lockScalingX: locked, lockScalingY: locked, hasControls: !locked });
    this.commit();
  }

  isLocked(object: FabricObject): boolean {
    return Boolean(object.lockMovementX && object.lockMovementY);
  }

  /** The canvas at the template's own size, as the API would render it. */
  exportPng(): string {
    const canvas = this.canvas;
    const active = canvas.getActiveObject();
    canvas.discardActiveObject();
    // At zoom 1 on a backstore of exactly the template's size: a 1/zoom multiplier
    // would round the output a pixel short whenever the zoomed size is fractional.
    const vpt = [...canvas.viewportTransform] as typeof canvas.viewportTransform;
    const size = { width: canvas.width, height: canvas.height };
    canvas.setDimensions({ width: this.width, height: this.height }, { backstoreOnly: true });
    canvas.setViewportTransform([1, 0, 0, 1, 0, 0]);
    const url = canvas.toDataURL({ format: 'png', multiplier: 1 });
    canvas.setDimensions(size, { backstoreOnly: true });
    canvas.setViewportTransform(vpt);
    if (active) canvas.setActiveObject(active);
    canvas.requestRenderAll();
    return url;
  }
}

/**
 * Objects without originX/originY mean the default of the Fabric version that
 * wrote them (centre from 7, top-left before), as the renderer reads them
 * (normalize-document.ts). Spelled out before loading, because this editor's
 * own default is top-left whatever the document's version.
 */
function withExplicitOrigins(doc: TemplateDocument): TemplateDocument {
  const major = Number(/^\s*(\d+)/.exec(String(doc.version ?? ''))?.[1] ?? 7);
  const fill = (objects: unknown[]): unknown[] =>
    (objects as Record<string, unknown>[]).map((o) => ({
      ...o,
      originX: o.originX ?? (major >= 7 ? 'center' : 'left'),
      originY: o.originY ?? (major >= 7 ? 'center' : 'top'),
      ...(Array.isArray(o.objects) ? { objects: fill(o.objects) } : {}),
    }));
  return { ...doc, objects: fill(doc.objects) as TemplateDocument['objects'] };
}

function collectTexts(objects: readonly unknown[]): TextLike[] {
  const out: TextLike[] = [];
  for (const o of objects as Record<string, unknown>[]) {
    if (isTextType(canonicalType(o.type))) out.push(o as TextLike);
    if (Array.isArray(o.objects)) out.push(...collectTexts(o.objects));
  }
  return out;
}

/** Points of a star (or, with equal radii, a regular polygon of 2n sides), top point first, in a box from 0,0. */
function starPoints(n: number, outer: number, inner: number): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / n;
    // Rounded to 0.01 px: the saved JSON stays short and the renderer reads the same numbers.
    points.push({ x: Math.round((outer + r * Math.cos(a)) * 100) / 100, y: Math.round((outer + r * Math.sin(a)) * 100) / 100 });
  }
  return points;
}
