/**
 * Fields for what the renderer draws. Every value is checked with the very
 * ValueCheck the server applies on save (src/domain/object-properties.ts),
 * and choice lists come from the same tables, so the panel cannot produce a
 * template the server would refuse.
 */
import { FabricImage, Gradient, Group, Rect, Shadow, Textbox, type FabricObject } from 'fabric';
import { isColor } from '../../../../src/domain/color.js';
import { canonicalType, isTextType } from '../../../../src/domain/fabric-types.js';
import { bundledFontWeights, closestFontWeight, numericFontWeight } from '../../../../src/domain/font-weights.js';
import {
  COMMON_PROPERTIES,
  IMAGE_FITS,
  LIMITS,
  TEXT_ALIGNS,
  TEXT_FITS,
  TYPE_PROPERTIES,
  colorOrNone,
  fontWeight,
  num,
  type ValueCheck,
} from '../../../../src/domain/object-properties.js';
import { minFontSizeOf } from '../../../../src/domain/shrink-to-fit.js';
import type { CropMode } from '../crop-mode.js';
import { designedFontSize, drawnFontSize, FitTextbox } from '../fit-textbox.js';
import { fontUploadButton } from '../font-upload.js';
import type { DocumentStore } from '../document-store.js';
import { fieldId, h } from './dom.js';

export interface FontChoices {
  families: string[];
  /** Weights of an account's uploaded families (bundled ones come from the domain table). */
  ownWeights: Map<string, number[]>;
}

/** The weights the renderer has a file for: the server refuses any other on save. */
function weightsOf(fonts: FontChoices, family: string): readonly number[] {
  return bundledFontWeights(family) ?? fonts.ownWeights.get(family) ?? [400];
}

const WEIGHT_NAMES: Record<number, string> = {
  100: 'Thin',
  200: 'Extra light',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'Semibold',
  700: 'Bold',
  800: 'Extra bold',
  900: 'Black',
};

interface Field {
  key: string;
  read(o: FabricObject): string;
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLOutputElement;
  checkbox?: boolean;
}

function checkFor(o: FabricObject, key: string): ValueCheck | null {
  const type = canonicalType(o.type);
  const rule = (type && TYPE_PROPERTIES[type][key]) ?? COMMON_PROPERTIES[key];
  if (key === 'fill' || key === 'stroke') return colorOrNone;
  return typeof rule === 'function' ? rule : null;
}

const nameOf = (o: FabricObject) => String((o as { name?: unknown }).name ?? '');
const round = (n: number, digits = 2) => String(Math.round(n * 10 ** digits) / 10 ** digits);

export class PropertiesPanel {
  /** undefined until the first render, so an empty selection still draws the panel's hint. */
  private object: FabricObject | null | undefined = undefined;
  private fields: Field[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly store: DocumentStore,
    private readonly fonts: () => FontChoices,
    private readonly errorsFor: (name: string) => string[],
    private readonly cropMode?: CropMode,
  ) {}

  /** The names of a multi-selection the panel shows, so it is rebuilt only when that selection changes. */
  private many = '';

  render(): void {
    const selection = this.store.selection();
    if (selection.length > 1) {
      const key = selection.map((o) => nameOf(o)).join('\n');
      if (key !== this.many) this.buildMany(selection);
      this.many = key;
      this.object = null;
      return;
    }
    const selected = this.store.selected();
    if (selected !== this.object || this.many) this.build(selected);
    else this.refresh();
  }

  /**
   * Several objects: what they are, and opacity when they share it. Other
   * fields differ per type, so they are edited one object at a time; moving,
   * aligning, grouping and deleting act on all of them.
   */
  private buildMany(selection: FabricObject[]): void {
    this.many = '';
    this.fields = [];
    const list = h('ul', { class: 'selection-list' }, ...selection.map((o) => h('li', {}, h('code', {}, nameOf(o)))));
    const opacities = new Set(selection.map((o) => o.opacity));
    const id = fieldId('opacity-many');
    const input = h('input', { id, type: 'number', step: 0.05, min: 0, max: 1, value: opacities.size === 1 ? round(selection[0].opacity) : '', placeholder: 'mixed' });
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('change', () => {
      const v = Number(input.value);
      const problem = input.value.trim() === '' ? 'a number' : num(0, 1)(v);
      error.textContent = problem ? `Must be ${problem}.` : '';
      error.hidden = !problem;
      if (!problem) this.store.setEach(selection, { opacity: v });
    });
    this.root.replaceChildren(
      h('h2', {}, 'Properties'),
      h('p', { class: 'object-name' }, `${selection.length} objects selected. Move, align, distribute, group, copy or delete them together; edit other properties one at a time.`),
      list,
      this.group('All selected', [this.row('Opacity (0–1)', input, id, error)]),
    );
  }

  /** Rebuilds the fields of the selected object, e.g. when the fill switches between colour and gradient. */
  private rebuild(): void {
    this.build(this.store.selected());
  }

  private refresh(): void {
    if (!this.object) return;
    for (const f of this.fields) {
      if (document.activeElement === f.input) continue;
      if (f.checkbox) (f.input as HTMLInputElement).checked = f.read(this.object) === 'true';
      else f.input.value = f.read(this.object);
    }
  }

  private build(o: FabricObject | null): void {
    this.many = '';
    this.object = o;
    this.fields = [];
    if (!o) {
      this.root.replaceChildren(h('h2', {}, 'Properties'), h('p', { class: 'empty' }, 'Select an object on the canvas or in the layers list.'));
      return;
    }
    const name = String((o as { name?: unknown }).name ?? '');
    const text = isTextType(canonicalType(o.type));
    const sections: HTMLElement[] = [];

    const position = this.group('Position and size', [
      this.number(
        o,
        'left',
        'X',
        (x) => round(x.left),
        (v) => ({ left: v }),
      ),
      this.number(
        o,
        'top',
        'Y',
        (x) => round(x.top),
        (v) => ({ top: v }),
      ),
      this.number(
        o,
        'width',
        'Width',
        (x) => round(x.getScaledWidth()),
        (v) => sizeProps(o, 'x', v),
        { min: 1, max: LIMITS.size },
      ),
      text
        ? null
        : this.number(
            o,
            'height',
            'Height',
            (x) => round(x.getScaledHeight()),
            (v) => sizeProps(o, 'y', v),
            { min: 1, max: LIMITS.size },
          ),
      this.number(
        o,
        'angle',
        'Angle (°)',
        (x) => round(x.angle),
        (v) => ({ angle: v }),
        { min: -360, max: 360 },
      ),
      this.number(
        o,
        'opacity',
        'Opacity (0–1)',
        (x) => round(x.opacity),
        (v) => ({ opacity: v }),
        { min: 0, max: 1, step: 0.05 },
      ),
    ]);
    sections.push(position);

    if (text) {
      const t = o as Textbox;
      const fonts = this.fonts();
      const { families } = fonts;
      const familyList = families.includes(t.fontFamily) ? families : [t.fontFamily, ...families];
      sections.push(
        this.group('Text', [
          this.textArea(o, 'text', 'Text'),
          this.select(
            o,
            'fontFamily',
            'Font',
            familyList.map((f) => [f, f]),
            (x) => (x as Textbox).fontFamily,
            (v) => v,
            () => this.rebuild(),
            // A family without the current weight gets the one the renderer would draw instead: the weight list never shows a blank.
            (v) => ({ fontFamily: v, fontWeight: closestFontWeight(numericFontWeight(t.fontWeight) ?? 400, weightsOf(fonts, v)) }),
          ),
          fontUploadButton(this.fonts, (font) => {
            void this.store.set(o, { fontFamily: font.family, fontWeight: font.weight, fontStyle: font.style }, true).then(() => this.rebuild());
          }),
          this.number(
            o,
            'fontSize',
            'Font size',
            // The design, not the size a shrink text is drawn at: that is what is saved.
            (x) => round(designedFontSize(x)),
            (v) => ({ fontSize: v }),
            { min: 1, max: LIMITS.fontSize },
          ),
          this.select(
            o,
            'fontWeight',
            'Weight',
            // Only weights the server has files for this family: any other is refused on save.
            weightsOf(fonts, t.fontFamily)
              .filter((w) => fontWeight(w) === null)
              .map((w) => [String(w), WEIGHT_NAMES[w] ? `${WEIGHT_NAMES[w]} (${w})` : String(w)]),
            (x) => normalWeight((x as Textbox).fontWeight),
            (v) => Number(v),
          ),
          this.number(
            o,
            'lineHeight',
            'Line height',
            (x) => round((x as Textbox).lineHeight),
            (v) => ({ lineHeight: v }),
            { min: 0, max: 100, step: 0.05 },
          ),
          this.number(
            o,
            'charSpacing',
            'Letter spacing',
            (x) => round((x as Textbox).charSpacing),
            (v) => ({ charSpacing: v }),
            { min: -1000, max: 1000, step: 10 },
          ),
          this.select(
            o,
            'textAlign',
            'Alignment',
            TEXT_ALIGNS.map((a) => [a, a]),
            (x) => (x as Textbox).textAlign,
          ),
          this.checkbox(
            o,
            'fontStyle',
            'Italic',
            (x) => (x as Textbox).fontStyle === 'italic',
            (on) => (on ? 'italic' : 'normal'),
          ),
          this.checkbox(o, 'underline', 'Underline', (x) => Boolean((x as Textbox).underline)),
          this.checkbox(o, 'linethrough', 'Strikethrough', (x) => Boolean((x as Textbox).linethrough)),
          this.select(
            o,
            'textFit',
            "When the API's text is too long",
            TEXT_FITS.map((f) => [f, f === 'shrink' ? 'Shrink to fit the box' : 'Keep the size']),
            (x) => String((x as { textFit?: unknown }).textFit ?? 'none'),
            (v) => v,
            () => this.rebuild(),
          ),
          ...((o as { textFit?: unknown }).textFit === 'shrink'
            ? [
                this.number(
                  o,
                  'minFontSize',
                  'Smallest font size',
                  (x) => round(minFontSizeOf(x as unknown as Record<string, unknown>)),
                  (v) => ({ minFontSize: v }),
                  { min: 1, max: LIMITS.fontSize },
                ),
                this.number(
                  o,
                  'height',
                  'Box height',
                  (x) => round(x instanceof FitTextbox ? x.frame().height : x.height),
                  (v) => ({ height: v }),
                  { min: 1, max: LIMITS.size },
                ),
                this.drawnSize(o),
              ]
            : []),
        ]),
      );
    }

    if (o instanceof FabricImage) {
      sections.push(
        this.group('Image', [
          this.select(
            o,
            'fit',
            'Fit of an image sent by the API',
            IMAGE_FITS.map((f) => [f, f === 'cover' ? 'Cover (crop to fill)' : f === 'contain' ? 'Contain (whole image)' : 'Fill (stretch)']),
            (x) => String((x as { fit?: unknown }).fit ?? 'cover'),
          ),
        ]),
      );
      sections.push(this.group('Crop (pixels of the source image)', this.crop(o)));
    }
    if (o instanceof Group) {
      sections.push(
        this.group('Group', [
          h('p', { class: 'hint' }, 'Its objects keep their own names for the API; rename them in the layers list. Ungroup (Ctrl+Shift+G) to edit one.'),
          h('ul', { class: 'selection-list' }, ...o.getObjects().map((c) => h('li', {}, h('code', {}, nameOf(c))))),
        ]),
      );
    }

    const paint: (HTMLElement | null)[] = [];
    // A group draws its children's paint, not its own.
    if (o instanceof Group) {
      this.finish(name, sections);
      return;
    }
    if (canonicalType(o.type) !== 'line') paint.push(...this.fill(o));
    paint.push(this.color(o, 'stroke', 'Stroke'));
    paint.push(
      this.number(
        o,
        'strokeWidth',
        'Stroke width',
        (x) => round(x.strokeWidth),
        (v) => ({ strokeWidth: v }),
        { min: 0, max: LIMITS.strokeWidth },
      ),
    );
    paint.push(this.dash(o));
    if (o instanceof Rect)
      paint.push(
        this.number(
          o,
          'rx',
          'Corner radius',
          (x) => round((x as Rect).rx),
          (v) => ({ rx: v, ry: v }),
          { min: 0, max: LIMITS.size },
        ),
      );
    sections.push(this.group('Fill and stroke', paint));
    sections.push(this.group('Shadow', this.shadow(o)));
    this.finish(name, sections);
  }

  private finish(name: string, sections: HTMLElement[]): void {
    const errors = this.errorsFor(name);
    this.root.replaceChildren(
      h('h2', {}, 'Properties'),
      h('p', { class: 'object-name' }, 'Element ', h('code', {}, name), ' — API callers change it with ', h('code', {}, `"elements": {${JSON.stringify(name)}: {…}}`)),
      ...errors.map((m) => h('p', { class: 'field-error server', role: 'alert' }, m)),
      ...sections,
    );
  }

  /**
   * Fabric's crop: cropX/cropY are where the visible part starts in the
   * source image, width/height its size there (the object's own width and
   * height), all in source pixels; scale maps them to the page. Values are
   * kept inside the source, as the renderer draws only what is there.
   */
  private crop(o: FabricImage): HTMLElement[] {
    const source = o.getOriginalSize();
    const limit = (v: number, max: number) => Math.round(Math.max(0, Math.min(max, v)));
    const reset = h('button', { type: 'button', title: 'Show the whole source image' }, 'Reset crop');
    reset.addEventListener('click', () => void this.store.set(o, { cropX: 0, cropY: 0, width: source.width, height: source.height }, true));
    return [
      this.number(
        o,
        'cropX',
        'Crop left',
        (x) => round((x as FabricImage).cropX),
        (v) => {
          const cropX = limit(v, source.width - 1);
          return { cropX, width: Math.min(o.width, source.width - cropX) };
        },
        { min: 0, max: source.width - 1 },
      ),
      this.number(
        o,
        'cropY',
        'Crop top',
        (x) => round((x as FabricImage).cropY),
        (v) => {
          const cropY = limit(v, source.height - 1);
          return { cropY, height: Math.min(o.height, source.height - cropY) };
        },
        { min: 0, max: source.height - 1 },
      ),
      this.number(
        o,
        'cropWidth',
        'Crop width',
        (x) => round(x.width),
        (v) => ({ width: Math.max(1, limit(v, source.width - o.cropX)) }),
        { min: 1, max: source.width },
      ),
      this.number(
        o,
        'cropHeight',
        'Crop height',
        (x) => round(x.height),
        (v) => ({ height: Math.max(1, limit(v, source.height - o.cropY)) }),
        { min: 1, max: source.height },
      ),
      h('p', { class: 'hint' }, `Source image: ${source.width} × ${source.height} px.`),
      reset,
      this.cropToggle(o),
    ].filter((e): e is HTMLElement => e !== null);
  }

  /** Crop on the canvas (also a double-click on the image); Enter or Escape ends it. */
  private cropToggle(o: FabricImage): HTMLElement | null {
    const mode = this.cropMode;
    if (!mode) return null;
    const button = h('button', { type: 'button', 'aria-pressed': String(mode.active === o) });
    const note = h('p', { class: 'hint', role: 'status' });
    const show = () => {
      const on = mode.active === o;
      button.textContent = on ? 'Done cropping' : 'Crop on canvas';
      button.setAttribute('aria-pressed', String(on));
      note.textContent = on ? 'Drag the handles to crop, drag the picture to move it in the frame. Enter or Escape when done.' : '';
      this.refresh();
    };
    button.addEventListener('click', () => {
      if (mode.active === o) mode.exit();
      else mode.enter(o);
      show();
    });
    mode.onToggle = show;
    show();
    return h('div', { class: 'field crop-toggle' }, button, note);
  }

  private group(title: string, children: (HTMLElement | null)[]): HTMLElement {
    return h('fieldset', { class: 'group' }, h('legend', {}, title), ...children);
  }

  private row(label: string, input: HTMLElement, id: string, error: HTMLElement): HTMLElement {
    return h('div', { class: 'field' }, h('label', { for: id }, label), input, error);
  }

  /** Applies a value the domain accepts; otherwise shows the domain's own message and changes nothing. */
  private apply(o: FabricObject, key: string, props: Record<string, unknown>, input: HTMLElement, error: HTMLElement, final: boolean): Promise<void> | undefined {
    const check = checkFor(o, key);
    const problem = check ? check(props[key] ?? Object.values(props)[0]) : null;
    error.textContent = problem ? `Must be ${problem}.` : '';
    error.hidden = !problem;
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    return problem ? undefined : this.store.set(o, props, final);
  }

  private number(
    o: FabricObject,
    key: string,
    label: string,
    read: (o: FabricObject) => string,
    toProps: (v: number) => Record<string, unknown>,
    range: { min?: number; max?: number; step?: number } = {},
  ): HTMLElement {
    const id = fieldId(key);
    const input = h('input', { id, type: 'number', inputmode: 'decimal', step: range.step ?? 1, min: range.min, max: range.max ?? LIMITS.coordinate, value: read(o) });
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    const handler = (final: boolean) => () => {
      if (input.value.trim() === '') return;
      this.apply(o, key, toProps(Number(input.value)), input, error, final);
    };
    input.addEventListener('input', handler(false));
    input.addEventListener('change', handler(true));
    this.fields.push({ key, read, input });
    return this.row(label, input, id, error);
  }

  private select(
    o: FabricObject,
    key: string,
    label: string,
    options: string[][],
    read: (o: FabricObject) => string,
    parse: (v: string) => unknown = (v) => v,
    after?: () => void,
    toProps: (v: string) => Record<string, unknown> = (v) => ({ [key]: parse(v) }),
  ): HTMLElement {
    const id = fieldId(key);
    const input = h('select', { id }, ...options.map(([value, text]) => h('option', { value }, text)));
    input.value = read(o);
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('change', () => {
      // After the change is applied: a new font family loads its files first, and its weight list follows it.
      void Promise.resolve(this.apply(o, key, toProps(input.value), input, error, true)).then(() => after?.());
    });
    this.fields.push({ key, read, input });
    return this.row(label, input, id, error);
  }

  /** What a shrink text is drawn at now, as the API renders it: it changes as the text does. */
  private drawnSize(o: FabricObject): HTMLElement {
    const read = (x: FabricObject) => {
      const drawn = drawnFontSize(x);
      if (drawn === null) return '';
      return Math.abs(drawn - designedFontSize(x)) < 0.005 ? 'Drawn at its font size: the text fits its box.' : `Drawn at ${round(drawn, 1)} px to fit its box.`;
    };
    const output = h('output', { class: 'hint drawn-size', 'aria-live': 'polite' });
    output.value = read(o);
    this.fields.push({ key: 'drawnSize', read, input: output });
    return output;
  }

  private textArea(o: FabricObject, key: string, label: string): HTMLElement {
    const id = fieldId(key);
    const read = (x: FabricObject) => (x as Textbox).text;
    const input = h('textarea', { id, rows: 3 });
    input.value = read(o);
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('input', () => this.apply(o, key, { text: input.value }, input, error, false));
    input.addEventListener('change', () => this.apply(o, key, { text: input.value }, input, error, true));
    this.fields.push({ key, read, input });
    return this.row(label, input, id, error);
  }

  private checkbox(o: FabricObject, key: string, label: string, read: (o: FabricObject) => boolean, value: (on: boolean) => unknown = (on) => on): HTMLElement {
    const id = fieldId(key);
    const input = h('input', { id, type: 'checkbox', checked: read(o) });
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('change', () => this.apply(o, key, { [key]: value(input.checked) }, input, error, true));
    this.fields.push({ key, read: (x) => String(read(x)), input, checkbox: true });
    return h('div', { class: 'field check' }, input, h('label', { for: id }, label), error);
  }

  /** Dash as designers write it ("12 6"); empty is a solid line. Checked with the server's strokeDashArray rule. */
  private dash(o: FabricObject): HTMLElement {
    const id = fieldId('dash');
    const read = (x: FabricObject) => (x.strokeDashArray ?? []).join(' ');
    const input = h('input', { id, type: 'text', value: read(o), placeholder: 'solid, or e.g. 12 6', spellcheck: 'false', autocomplete: 'off', inputmode: 'decimal' });
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('change', () => {
      const text = input.value.trim();
      const parts = text ? text.split(/[\s,]+/).map(Number) : [];
      this.apply(o, 'strokeDashArray', { strokeDashArray: parts.length ? parts : null }, input, error, true);
    });
    this.fields.push({ key: 'strokeDashArray', read, input });
    return this.row('Stroke dash (px on, px off)', input, id, error);
  }

  /** Solid colour, or a linear/radial gradient of two or more stops spanning the object's box. */
  private fill(o: FabricObject): HTMLElement[] {
    const current = o.fill;
    const kind = current instanceof Gradient ? current.type : 'solid';
    const id = fieldId('fill-kind');
    const kindSelect = h(
      'select',
      { id },
      ...[
        ['solid', 'Solid'],
        ['linear', 'Linear'],
        ['radial', 'Radial'],
      ].map(([v, t]) => h('option', { value: v }, t)),
    );
    kindSelect.value = kind;
    kindSelect.addEventListener('change', () => {
      const solid = typeof current === 'string' ? current : current instanceof Gradient ? String(current.colorStops[0]?.color ?? '#4f46e5') : '#4f46e5';
      if (kindSelect.value === 'solid') void this.store.set(o, { fill: solid }, true).then(() => this.rebuild());
      else {
        const stops =
          current instanceof Gradient
            ? stopsOf(current)
            : [
                { offset: 0, color: solid || '#4f46e5' },
                { offset: 1, color: '#ffffff' },
              ];
        void this.store.set(o, { fill: makeGradient(o, kindSelect.value as 'linear' | 'radial', stops, 90) }, true).then(() => this.rebuild());
      }
    });
    const kindRow = h('div', { class: 'field' }, h('label', { for: id }, 'Fill'), kindSelect);
    if (!(current instanceof Gradient)) return [kindRow, this.color(o, 'fill', 'Fill colour')];

    const stops = stopsOf(current);
    let angle = angleOf(current);
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    const update = () => {
      const problem = stops
        .map((s, i) => (isColor(s.color) ? num(0, 1)(s.offset) && `stop ${i + 1}'s position must be ${num(0, 1)(s.offset)}` : `stop ${i + 1}'s colour must be a CSS colour`))
        .find(Boolean);
      error.textContent = problem ? `Not applied: ${problem}.` : '';
      error.hidden = !problem;
      if (!problem) void this.store.set(o, { fill: makeGradient(o, current.type, stops, angle) }, true);
    };
    const rows: HTMLElement[] = [kindRow];
    if (current.type === 'linear') {
      const aid = fieldId('gradient-angle');
      const a = h('input', { id: aid, type: 'number', min: 0, max: 360, step: 1, value: String(angle) });
      a.addEventListener('change', () => {
        angle = Number(a.value) || 0;
        update();
      });
      rows.push(h('div', { class: 'field' }, h('label', { for: aid }, 'Gradient angle (°)'), a));
    }
    stops.forEach((stop, i) => {
      const cid = fieldId('stop-color');
      const pid = fieldId('stop-picker');
      const oid = fieldId('stop-offset');
      const color = h('input', { id: cid, type: 'text', value: stop.color, spellcheck: 'false', autocomplete: 'off' });
      const picker = h('input', { id: pid, type: 'color', class: 'swatch', value: toHex(stop.color) });
      const offset = h('input', { id: oid, type: 'number', min: 0, max: 100, step: 1, value: String(Math.round(stop.offset * 100)) });
      color.addEventListener('change', () => {
        stop.color = color.value.trim();
        picker.value = toHex(stop.color);
        update();
      });
      picker.addEventListener('change', () => {
        stop.color = color.value = picker.value;
        update();
      });
      offset.addEventListener('change', () => {
        stop.offset = Number(offset.value) / 100;
        update();
      });
      const remove = h('button', { type: 'button', class: 'icon-text', 'aria-label': `Remove stop ${i + 1}`, title: 'Remove this stop', disabled: stops.length <= 2 }, '×');
      remove.addEventListener('click', () => {
        stops.splice(i, 1);
        update();
        this.rebuild();
      });
      rows.push(
        h(
          'div',
          { class: 'field stop' },
          h('label', { for: cid }, `Stop ${i + 1} colour`),
          h('div', { class: 'color-inputs' }, h('label', { for: pid, class: 'visually-hidden' }, `Stop ${i + 1} colour picker`), picker, color),
          h('div', { class: 'inline stop-offset' }, h('label', { for: oid }, `Stop ${i + 1} position (%)`), offset, remove),
        ),
      );
    });
    const addStop = h('button', { type: 'button' }, 'Add stop');
    addStop.addEventListener('click', () => {
      const last = stops[stops.length - 1];
      stops.push({ offset: 1, color: last.color });
      if (stops.length >= 2) stops[stops.length - 2].offset = Math.min(stops[stops.length - 2].offset, 0.5);
      stops.sort((p, q) => p.offset - q.offset);
      update();
      this.rebuild();
    });
    rows.push(error, addStop);
    return rows;
  }

  private shadow(o: FabricObject): HTMLElement[] {
    const s = o.shadow instanceof Shadow ? o.shadow : null;
    const id = fieldId('shadow-on');
    const on = h('input', { id, type: 'checkbox', checked: s !== null });
    on.addEventListener('change', () => {
      const shadow = on.checked ? new Shadow({ color: 'rgba(0,0,0,0.35)', blur: 16, offsetX: 0, offsetY: 8 }) : null;
      void this.store.set(o, { shadow }, true).then(() => this.rebuild());
    });
    const rows: HTMLElement[] = [h('div', { class: 'field check' }, on, h('label', { for: id }, 'Drop shadow'))];
    if (!s) return rows;
    const setShadow = (props: Partial<Shadow>, input: HTMLElement, error: HTMLElement, check: ValueCheck) => {
      const problem = check(Object.values(props)[0]);
      error.textContent = problem ? `Must be ${problem}.` : '';
      error.hidden = !problem;
      if (problem) return input.setAttribute('aria-invalid', 'true');
      input.removeAttribute('aria-invalid');
      // A new Shadow object, so the change is a new value for Fabric's dirty check and for undo.
      void this.store.set(o, { shadow: new Shadow({ ...s.toObject(), ...props }) }, true);
    };
    const cid = fieldId('shadow-color');
    const color = h('input', { id: cid, type: 'text', value: String(s.color), spellcheck: 'false', autocomplete: 'off' });
    const cerr = h('p', { class: 'field-error', role: 'alert', hidden: true });
    color.addEventListener('change', () => setShadow({ color: color.value.trim() }, color, cerr, (v) => (isColor(v) ? null : 'a CSS colour')));
    rows.push(this.row('Shadow colour', color, cid, cerr));
    for (const [key, label, check] of [
      ['blur', 'Shadow blur', num(0, LIMITS.size)],
      ['offsetX', 'Shadow offset X', num(-LIMITS.coordinate, LIMITS.coordinate)],
      ['offsetY', 'Shadow offset Y', num(-LIMITS.coordinate, LIMITS.coordinate)],
    ] as const) {
      const fid = fieldId(`shadow-${key}`);
      const input = h('input', { id: fid, type: 'number', step: 1, value: String(s[key]) });
      const err = h('p', { class: 'field-error', role: 'alert', hidden: true });
      input.addEventListener('change', () => setShadow({ [key]: Number(input.value) }, input, err, check));
      rows.push(this.row(label, input, fid, err));
    }
    return rows;
  }

  /** A text field (any CSS colour the server accepts) beside a native picker for the common case. */
  private color(o: FabricObject, key: 'fill' | 'stroke', label: string): HTMLElement {
    const id = fieldId(key);
    const read = (x: FabricObject) =>
      typeof x[key] === 'string' ? (x[key] as string) : x[key] instanceof Gradient ? String((x[key] as Gradient<'linear'>).colorStops[0]?.color ?? '') : '';
    const input = h('input', { id, type: 'text', value: read(o), spellcheck: 'false', autocomplete: 'off', placeholder: 'none' });
    const pickerId = fieldId(`${key}-picker`);
    const picker = h('input', { id: pickerId, type: 'color', class: 'swatch', value: toHex(read(o)) });
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('change', () => {
      this.apply(o, key, { [key]: input.value.trim() === '' ? null : input.value.trim() }, input, error, true);
      picker.value = toHex(input.value);
    });
    picker.addEventListener('input', () => {
      input.value = picker.value;
      this.apply(o, key, { [key]: picker.value }, input, error, false);
    });
    picker.addEventListener('change', () => this.apply(o, key, { [key]: picker.value }, input, error, true));
    this.fields.push({ key, read, input });
    return h(
      'div',
      { class: 'field color-field' },
      h('label', { for: id }, label),
      h('div', { class: 'color-inputs' }, h('label', { for: pickerId, class: 'visually-hidden' }, `${label} colour picker`), picker, input),
      error,
    );
  }
}

function normalWeight(w: unknown): string {
  if (w === 'bold') return '700';
  if (w === 'normal' || w === undefined) return '400';
  return String(w);
}

function sizeProps(o: FabricObject, axis: 'x' | 'y', v: number): Record<string, unknown> {
  // Shapes with their own size keep scale 1, so their stroke and corner radius are not stretched.
  if (o instanceof Rect || o instanceof Textbox) return axis === 'x' ? { width: v, scaleX: 1 } : { height: v, scaleY: 1 };
  const base = axis === 'x' ? o.width : o.height;
  return axis === 'x' ? { scaleX: v / (base || 1) } : { scaleY: v / (base || 1) };
}

function toHex(value: string): string {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return isColor(value) ? '#000000' : '#000000';
}

interface Stop {
  offset: number;
  color: string;
}

function stopsOf(g: Gradient<'linear' | 'radial'>): Stop[] {
  return g.colorStops.map((s) => ({ offset: s.offset, color: String(s.color) }));
}

/** The angle a linear gradient's coords point at (0° = left to right, 90° = top to bottom). */
function angleOf(g: Gradient<'linear' | 'radial'>): number {
  const c = g.coords as { x1: number; y1: number; x2: number; y2: number };
  const a = Math.round((Math.atan2(c.y2 - c.y1, c.x2 - c.x1) * 180) / Math.PI);
  return (a + 360) % 360;
}

/**
 * Coords in the object's own pixels from its top-left corner, as Fabric
 * writes them: a linear gradient spans the box along the angle (corner to
 * corner projection, like CSS), a radial one fills it from the centre.
 */
function makeGradient(o: FabricObject, type: 'linear' | 'radial', stops: Stop[], angle: number): Gradient<'linear' | 'radial'> {
  const w = o.width || 1;
  const hgt = o.height || 1;
  const sorted = [...stops].sort((p, q) => p.offset - q.offset);
  const r = (n: number) => Math.round(n * 100) / 100;
  if (type === 'radial') {
    return new Gradient({
      type,
      gradientUnits: 'pixels',
      coords: { x1: r(w / 2), y1: r(hgt / 2), r1: 0, x2: r(w / 2), y2: r(hgt / 2), r2: r(Math.max(w, hgt) / 2) },
      colorStops: sorted,
    });
  }
  const rad = (angle * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  const half = (Math.abs(w * dx) + Math.abs(hgt * dy)) / 2;
  return new Gradient({
    type,
    gradientUnits: 'pixels',
    coords: { x1: r(w / 2 - dx * half), y1: r(hgt / 2 - dy * half), x2: r(w / 2 + dx * half), y2: r(hgt / 2 + dy * half) },
    colorStops: sorted,
  });
}
