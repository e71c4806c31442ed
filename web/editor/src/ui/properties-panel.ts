/**
 * Fields for what the renderer draws. Every value is checked with the very
 * ValueCheck the server applies on save (src/domain/object-properties.ts),
 * and choice lists come from the same tables, so the panel cannot produce a
 * template the server would refuse.
 */
import { Rect, Textbox, type FabricObject } from 'fabric';
import { isColor } from '../../../../src/domain/color.js';
import { canonicalType, isTextType } from '../../../../src/domain/fabric-types.js';
import {
  COMMON_PROPERTIES, LIMITS, TEXT_ALIGNS, TYPE_PROPERTIES, colorOrNone, fontWeight, type ValueCheck,
} from '../../../../src/domain/object-properties.js';
import type { DocumentStore } from '../document-store.js';
import { fieldId, h } from './dom.js';

export interface FontChoices {
  families: string[];
  weights: number[];
}

interface Field {
  key: string;
  read(o: FabricObject): string;
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
}

function checkFor(o: FabricObject, key: string): ValueCheck | null {
  const type = canonicalType(o.type);
  const rule = (type && TYPE_PROPERTIES[type][key]) ?? COMMON_PROPERTIES[key];
  if (key === 'fill' || key === 'stroke') return colorOrNone;
  return typeof rule === 'function' ? rule : null;
}

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
  ) {}

  render(): void {
    const selected = this.store.selected();
    if (selected !== this.object) this.build(selected);
    else this.refresh();
  }

  private refresh(): void {
    if (!this.object) return;
    for (const f of this.fields) if (document.activeElement !== f.input) f.input.value = f.read(this.object);
  }

  private build(o: FabricObject | null): void {
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
      this.number(o, 'left', 'X', (x) => round(x.left), (v) => ({ left: v })),
      this.number(o, 'top', 'Y', (x) => round(x.top), (v) => ({ top: v })),
      this.number(o, 'width', 'Width', (x) => round(x.getScaledWidth()), (v) => sizeProps(o, 'x', v), { min: 1, max: LIMITS.size }),
      text ? null : this.number(o, 'height', 'Height', (x) => round(x.getScaledHeight()), (v) => sizeProps(o, 'y', v), { min: 1, max: LIMITS.size }),
      this.number(o, 'angle', 'Angle (°)', (x) => round(x.angle), (v) => ({ angle: v }), { min: -360, max: 360 }),
      this.number(o, 'opacity', 'Opacity (0–1)', (x) => round(x.opacity), (v) => ({ opacity: v }), { min: 0, max: 1, step: 0.05 }),
    ]);
    sections.push(position);

    if (text) {
      const t = o as Textbox;
      const { families, weights } = this.fonts();
      const familyList = families.includes(t.fontFamily) ? families : [t.fontFamily, ...families];
      sections.push(
        this.group('Text', [
          this.textArea(o, 'text', 'Text'),
          this.select(o, 'fontFamily', 'Font', familyList.map((f) => [f, f]), (x) => (x as Textbox).fontFamily),
          this.number(o, 'fontSize', 'Font size', (x) => round((x as Textbox).fontSize), (v) => ({ fontSize: v }), { min: 1, max: LIMITS.fontSize }),
          this.select(
            o, 'fontWeight', 'Weight',
            // Only weights the server has files for: any other would be synthesised differently by Skia and Chromium.
            weights.filter((w) => fontWeight(w) === null).map((w) => [String(w), w === 400 ? 'Regular' : w === 700 ? 'Bold' : String(w)]),
            (x) => normalWeight((x as Textbox).fontWeight),
            (v) => Number(v),
          ),
          this.number(o, 'lineHeight', 'Line height', (x) => round((x as Textbox).lineHeight), (v) => ({ lineHeight: v }), { min: 0, max: 100, step: 0.05 }),
          this.number(o, 'charSpacing', 'Letter spacing', (x) => round((x as Textbox).charSpacing), (v) => ({ charSpacing: v }), { min: -1000, max: 1000, step: 10 }),
          this.select(o, 'textAlign', 'Alignment', TEXT_ALIGNS.map((a) => [a, a]), (x) => (x as Textbox).textAlign),
        ]),
      );
    }

    const paint: (HTMLElement | null)[] = [];
    if (canonicalType(o.type) !== 'line') paint.push(this.color(o, 'fill', 'Fill'));
    paint.push(this.color(o, 'stroke', 'Stroke'));
    paint.push(this.number(o, 'strokeWidth', 'Stroke width', (x) => round(x.strokeWidth), (v) => ({ strokeWidth: v }), { min: 0, max: LIMITS.strokeWidth }));
    if (o instanceof Rect) paint.push(this.number(o, 'rx', 'Corner radius', (x) => round((x as Rect).rx), (v) => ({ rx: v, ry: v }), { min: 0, max: LIMITS.size }));
    sections.push(this.group('Fill and stroke', paint));

    const errors = this.errorsFor(name);
    this.root.replaceChildren(
      h('h2', {}, 'Properties'),
      h('p', { class: 'object-name' }, 'Element ', h('code', {}, name), ' — API callers change it with ', h('code', {}, `"elements": {${JSON.stringify(name)}: {…}}`)),
      ...errors.map((m) => h('p', { class: 'field-error server', role: 'alert' }, m)),
      ...sections,
    );
  }

  private group(title: string, children: (HTMLElement | null)[]): HTMLElement {
    return h('fieldset', { class: 'group' }, h('legend', {}, title), ...children);
  }

  private row(label: string, input: HTMLElement, id: string, error: HTMLElement): HTMLElement {
    return h('div', { class: 'field' }, h('label', { for: id }, label), input, error);
  }

  /** Applies a value the domain accepts; otherwise shows the domain's own message and changes nothing. */
  private apply(o: FabricObject, key: string, props: Record<string, unknown>, input: HTMLElement, error: HTMLElement, final: boolean): void {
    const check = checkFor(o, key);
    const problem = check ? check(props[key] ?? Object.values(props)[0]) : null;
    error.textContent = problem ? `Must be ${problem}.` : '';
    error.hidden = !problem;
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    if (!problem) void this.store.set(o, props, final);
  }

  private number(
    o: FabricObject, key: string, label: string, read: (o: FabricObject) => string, toProps: (v: number) => Record<string, unknown>,
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
    o: FabricObject, key: string, label: string, options: string[][], read: (o: FabricObject) => string, parse: (v: string) => unknown = (v) => v,
  ): HTMLElement {
    const id = fieldId(key);
    const input = h('select', { id }, ...options.map(([value, text]) => h('option', { value }, text)));
    input.value = read(o);
    const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
    input.addEventListener('change', () => this.apply(o, key, { [key]: parse(input.value) }, input, error, true));
    this.fields.push({ key, read, input });
    return this.row(label, input, id, error);
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

  /** A text field (any CSS colour the server accepts) beside a native picker for the common case. */
  private color(o: FabricObject, key: 'fill' | 'stroke', label: string): HTMLElement {
    const id = fieldId(key);
    const read = (x: FabricObject) => (typeof x[key] === 'string' ? (x[key] as string) : '');
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
      'div', { class: 'field color-field' },
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
