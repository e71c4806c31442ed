/**
 * The changes a generate or preview request carries, in either of the forms
 * callers send: Imprint's object (`{"title": {"text": "Hi"}}`, under
 * `elements` or `modifications`), or Bannerbear's list under `modifications`
 * (`[{"name": "title", "text": "Hi", "color": "#fff"}]`), which tools and
 * tutorials written for Bannerbear produce. Both become the same object, which
 * applyOverrides then validates and coerces.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ApiError, type FieldError } from './errors.js';
import { toBoolean } from './overrides.js';
import { ownEntry } from './own-entry.js';

/**
 * Bannerbear's key → Imprint's property. `color` is the colour the element
 * shows (a text's letters, a shape's fill, a line's stroke), which is what
 * Imprint's `fill` means on every kind. Any other key is taken as an Imprint
 * property name, so one list item can say everything the object form can.
 */
export const MODIFICATION_KEYS: Readonly<Record<string, string>> = {
  text: 'text',
  color: 'fill',
  image_url: 'src',
  font_family: 'fontFamily',
  text_align_h: 'textAlign',
  border_color: 'stroke',
  border_width: 'strokeWidth',
  hide: 'visible',
};

const TextValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], {
  description: 'A number or boolean becomes its text; null becomes empty text.',
});

/** One item of the list form; its keys are documented here and mapped by MODIFICATION_KEYS. */
export const ModificationItem = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'The element to change (GET /templates/{templateId}/elements lists them).' }),
    text: Type.Optional(TextValue),
    color: Type.Optional(Type.String({ description: 'Sets `fill`: the colour of a text, shape or line.' })),
    image_url: Type.Optional(Type.String({ description: 'Sets `src` of an image element: an http(s) or data:image/ URL.' })),
    font_family: Type.Optional(Type.String({ description: 'Sets `fontFamily`.' })),
    text_align_h: Type.Optional(Type.String({ description: 'Sets `textAlign`: left, center, right or justify.' })),
    border_color: Type.Optional(Type.String({ description: 'Sets `stroke`.' })),
    border_width: Type.Optional(Type.Union([Type.Number(), Type.String()], { description: 'Sets `strokeWidth`.' })),
    hide: Type.Optional(Type.Union([Type.Boolean(), Type.String()], { description: '`true` sets `visible` to false.' })),
  },
  {
    additionalProperties: true,
    description: 'Bannerbear-style: the element `name` and its changes. Any other key is an Imprint property name, e.g. `fontSize`.',
  },
);
export type ModificationItem = Static<typeof ModificationItem>;

export interface ChangesInput {
  elements?: Record<string, unknown>;
  modifications?: Record<string, unknown> | readonly ModificationItem[];
}

/** The request's changes as element name → properties; throws invalid_request on a malformed list. */
export function requestChanges(input: ChangesInput): Record<string, unknown> {
  if (input.elements !== undefined && input.modifications !== undefined) {
    throw new ApiError('invalid_request', 'Send the changes under either "elements" or "modifications", not both.', {
      errors: [{ path: 'modifications', message: 'not allowed together with "elements"' }],
    });
  }
  const changes = input.elements ?? input.modifications ?? {};
  return Array.isArray(changes) ? changesFromList(changes) : (changes as Record<string, unknown>);
}

/** Items naming the same element merge; setting one property twice is refused rather than guessed. */
function changesFromList(list: readonly ModificationItem[]): Record<string, Record<string, unknown>> {
  const changes = new Map<string, Record<string, unknown>>();
  const errors: FieldError[] = [];
  list.forEach((item, index) => {
    // No prototype: a key such as "__proto__" stays a (refused) property name.
    const props = changes.get(item.name) ?? (Object.create(null) as Record<string, unknown>);
    changes.set(item.name, props);
    for (const [key, raw] of Object.entries(item)) {
      if (key === 'name') continue;
      const property = ownEntry(MODIFICATION_KEYS, key) ?? key;
      const path = `modifications.${index}.${key.slice(0, 100)}`;
      let value = raw;
      if (key === 'hide') {
        const hide = toBoolean(raw);
        if (hide === null) {
          errors.push({ path, message: `"hide" must be true or false, got ${JSON.stringify(raw)?.slice(0, 60)}` });
          continue;
        }
        value = !hide;
      }
      if (Object.hasOwn(props, property)) {
        errors.push({ path, message: `sets "${item.name}.${property}" a second time; send it once` });
        continue;
      }
      props[property] = value;
    }
  });
  if (errors.length > 0) {
    const more = errors.length > 1 ? ` (${errors.length - 1} more in errors)` : '';
    throw new ApiError('invalid_request', `Invalid modifications: ${errors[0].path} ${errors[0].message}${more}.`, { errors: errors.slice(0, 100) });
  }
  return Object.fromEntries(changes);
}
