/**
 * The store: the Fabric canvas is the one source of truth for objects, and
 * this class is the only code that mutates it. Each finished change is
 * committed to the History as a serialized snapshot; panels only read from
 * here and call its methods, so the UI never touches history itself.
 */
import { util, ActiveSelection, Canvas, Circle, Ellipse, FabricImage, FabricObject, Group, Line, Polygon, Rect, Textbox, Triangle, type TOptions } from 'fabric';
import { canonicalType, isTextType } from '../../../src/domain/fabric-types.js';
import type { TemplateDocument } from '../../../src/domain/template.js';
import { PROPERTIES_FABRIC_DOES_NOT_SAVE } from '../../../src/domain/object-properties.js';
import { FitTextbox } from './fit-textbox.js';
import { ensureFonts, type TextLike } from './fonts.js';
import { History } from './history.js';
import { dedupeNames, uniqueName, type ObjectKind } from './names.js';
import type { Box, Offset } from './layout.js';

/**
 * Saved with every object: `name` is the API's handle;
 * PROPERTIES_FABRIC_DOES_NOT_SAVE are drawn by the server but not written by
 * Fabric's toObject on its own; the lock flags are editor state the server ignores
 * (object-properties.ts IGNORED), kept so a locked background stays locked
 * after a reload. Fabric saves a property only where an object has it.
 */
export const EXTRA_PROPERTIES = ['name', ...PROPERTIES_FABRIC_DOES_NOT_SAVE, 'lockMovementX', 'lockMovementY', 'lockRotation', 'lockScalingX', 'lockScalingY', 'hasControls'];

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

  /** Every name in use, group children included: the schema wants them unique across the whole tree. */
  names(except?: FabricObject): Set<string> {
    const out = new Set<string>();
    const walk = (list: FabricObject[]) => {
      for (const o of list) {
        if (o === except) continue;
        out.add(String((o as { name?: unknown }).name ?? ''));
        if (o instanceof Group) walk(o.getObjects());
      }
    };
    walk(this.objects());
    return out;
  }

  selected(): FabricObject | null {
    const active = this.canvas.getActiveObject();
    return active && this.objects().includes(active) ? active : null;
  }

  /** The selected top-level objects, in paint order (one for a single selection, several for an ActiveSelection). */
  selection(): FabricObject[] {
    const all = this.objects();
    return this.canvas
      .getActiveObjects()
      .filter((o) => all.includes(o))
      .sort((a, b) => all.indexOf(a) - all.indexOf(b));
  }

  /** Selects exactly these objects: none, one, or several as one ActiveSelection. */
  selectMany(objects: readonly FabricObject[], emit = true): void {
    this.canvas.discardActiveObject();
    if (objects.length === 1) this.canvas.setActiveObject(objects[0]);
    else if (objects.length > 1) this.canvas.setActiveObject(new ActiveSelection([...objects], { canvas: this.canvas }));
    this.canvas.requestRenderAll();
    if (emit) this.emit();
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
      // By position, not name: undoing a rename must keep the same objects selected.
      const selectedIndexes = this.selection().map((o) => this.objects().indexOf(o));
      this.canvas.discardActiveObject();
      this.width = doc.width;
      this.height = doc.height;
      await ensureFonts(collectTexts(doc.objects));
      // Without width/height: loadFromJSON sets every top-level key on the canvas, and the canvas's
      // width is its zoomed element size, not the template's (the background would shrink to it).
      const { width: _width, height: _height, ...content } = withExplicitOrigins(doc);
      await this.canvas.loadFromJSON(content);
      if (doc.background === undefined) this.canvas.backgroundColor = '';
      for (const o of this.objects()) if (o instanceof Textbox) o.initDimensions();
      this.selectMany(
        selectedIndexes.map((i) => this.objects()[i]).filter((o) => o !== undefined),
        false,
      );
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
          name,
          left: w * 0.08,
          top: h * 0.1 + this.objects().length * 12,
          width: w * 0.6,
          fontFamily: 'Inter',
          fontSize: Math.round(unit * (heading ? 0.09 : 0.045)),
          fontWeight: heading ? 700 : 400,
          fill: '#111827',
          lineHeight: 1.16,
        };
        await ensureFonts([{ ...options, text: 'Your text here' }]);
        object = new FitTextbox(heading ? 'Your headline here' : 'Your text here', options as TOptions<Textbox>);
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

  /** One property change applied to several objects, as one undo step. */
  setEach(objects: readonly FabricObject[], props: Record<string, unknown>): void {
    for (const o of objects) o.set(props);
    this.commit();
  }

  /**
   * Adds copies of serialized objects (from `serialize`), offset so they are
   * visible, as one undo step and selected together. A name already in use
   * (group children included) gets a fresh one: names are the API, two alike
   * would be refused on save; a free one is kept.
   */
  async paste(jsons: readonly Record<string, unknown>[], offset = 20): Promise<FabricObject[]> {
    const renamed = dedupeNames(jsons, this.names());
    const objects = await util.enlivenObjects<FabricObject>(withExplicitOrigins({ version: '7.4.0', width: 1, height: 1, objects: renamed } as TemplateDocument).objects);
    await ensureFonts(collectTexts(renamed));
    for (const o of objects) {
      o.set({ left: o.left + offset, top: o.top + offset });
      if (o instanceof Textbox) o.initDimensions();
      o.setCoords();
    }
    this.canvas.discardActiveObject();
    this.canvas.add(...objects);
    this.selectMany(objects, false);
    this.commit();
    return objects;
  }

  /** Objects as saved, with positions on the page even while they sit in an ActiveSelection. */
  serialize(objects: readonly FabricObject[]): Record<string, unknown>[] {
    const all = this.objects();
    const saved = this.toDocument().objects as unknown as Record<string, unknown>[];
    return [...objects].sort((a, b) => all.indexOf(a) - all.indexOf(b)).map((o) => saved[all.indexOf(o)]);
  }

  remove(...objects: FabricObject[]): void {
    this.canvas.discardActiveObject();
    this.canvas.remove(...objects);
    this.commit();
  }

  /** Each object's outer box on the page (stroke and rotation included), as alignment and snapping see it. */
  boxes(objects: readonly FabricObject[]): Box[] {
    return this.whileLoose(objects, () => this.measure(objects));
  }

  private measure(objects: readonly FabricObject[]): Box[] {
    // Corners are cached by Fabric and stale after a plain set(); refreshed before they are read.
    return objects.map((o) => {
      o.setCoords();
      return o.getBoundingRect();
    });
  }

  /**
   * Moves each object by the offset computed from all their boxes, as one undo step (align, distribute,
   * nudge). A multi-selection is taken apart first, so positions are the
   * page's, then put back.
   */
  moveBy(objects: readonly FabricObject[], offsets: (objects: Box[]) => Offset[]): void {
    this.whileLoose(objects, () => {
      const moves = offsets(this.measure(objects));
      objects.forEach((o, i) => {
        // A locked object still counts for the selection's bounds, but does not move.
        if (this.isLocked(o)) return;
        o.set({ left: o.left + moves[i].dx, top: o.top + moves[i].dy });
        o.setCoords();
      });
    });
    this.commit();
  }

  /** Runs `action` with the objects out of any ActiveSelection (their own coordinates are the page's), then selects them again. */
  private whileLoose<T>(objects: readonly FabricObject[], action: () => T): T {
    const multi = this.canvas.getActiveObject() instanceof ActiveSelection;
    const selection = this.selection();
    if (multi) this.canvas.discardActiveObject();
    try {
      return action();
    } finally {
      if (multi) this.selectMany(selection.length ? selection : objects, false);
    }
  }

  /**
   * Groups the objects (two or more) where the topmost of them was, under a
   * fresh name (`group-1`…); the children keep theirs, as the API addresses
   * them through the group.
   */
  group(objects: readonly FabricObject[]): Group | null {
    if (objects.length < 2) return null;
    const all = this.objects();
    const members = [...objects].sort((a, b) => all.indexOf(a) - all.indexOf(b));
    const index = all.indexOf(members[members.length - 1]) - (members.length - 1);
    const name = uniqueName('group', this.names());
    this.canvas.discardActiveObject();
    this.canvas.remove(...members);
    const group = new Group(members, { name } as Partial<Group>);
    this.canvas.insertAt(index, group);
    this.canvas.setActiveObject(group);
    this.commit();
    return group;
  }

  /** Puts a group's children back on the page where they were drawn, in its place in paint order, selected. */
  ungroup(group: Group): FabricObject[] {
    const index = this.objects().indexOf(group);
    if (index < 0) return [];
    this.canvas.discardActiveObject();
    // Group.remove applies the group's transform to each child, so nothing moves on the page.
    const children = group.removeAll();
    this.canvas.remove(group);
    this.canvas.insertAt(index, ...children);
    this.selectMany(children, false);
    this.commit();
    return children;
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
