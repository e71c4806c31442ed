import { apiPaint, elementKind, lineColor, namedObjects, valueOf } from './elements.js';
import { allowedOverrideProperties, OVERRIDE_FIELDS, type OverrideFieldSpec } from './overrides.js';
import type { ElementKind, TemplateDocument } from './template.js';

export interface OverrideFormField {
  property: string;
  type: OverrideFieldSpec['type'];
  /** The template's own value (Fabric's default when the document leaves it out); a gradient is null. */
  value: unknown;
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  /** For `enum`: the allowed values. */
  values?: string[];
  /** For `font`: the families this account may name. */
  choices?: string[];
}

export interface OverrideFormElement {
  name: string;
  kind: ElementKind;
  fields: OverrideFormField[];
}

/**
 * Every property each named element accepts in a generate request, with its
 * type and current value: what a form needs to offer exactly the overrides
 * the API takes (the playground builds its inputs from this).
 */
export function overrideForm(doc: TemplateDocument, fontFamilies: readonly string[]): OverrideFormElement[] {
  return [...namedObjects(doc)].map(([name, obj]) => {
    const kind = elementKind(obj);
    const fields = allowedOverrideProperties(obj).map((property): OverrideFormField => {
      const raw = kind === 'line' && property === 'fill' ? lineColor(obj) : valueOf(obj, property);
      // Fabric draws an object unless told otherwise, and leaves out the decorations.
      const value = property === 'fill' || property === 'stroke' ? paintValue(raw) : (raw ?? (OVERRIDE_FIELDS[property].type === 'boolean' ? property === 'visible' : null));
      const spec = OVERRIDE_FIELDS[property];
      const field: OverrideFormField = { property, type: spec.type, value };
      if (spec.type === 'number') Object.assign(field, { min: spec.min, max: spec.max }, spec.exclusiveMin ? { exclusiveMin: true } : {});
      if (spec.type === 'enum') field.values = [...spec.values];
      if (spec.type === 'font') field.choices = [...fontFamilies];
      return field;
    });
    return { name, kind, fields };
  });
}

/** A gradient has no one colour a colour input could show: null, and the form leaves it alone until a colour is typed. */
function paintValue(raw: unknown): string | null {
  return typeof raw === 'object' && raw !== null ? null : apiPaint(raw);
}
