// Every overridable property of one element: its main field (text, image or
// colour, from element-field.js) on top, the rest (position, size, opacity,
// font, stroke…) folded under "More properties", one typed input each.
import { h } from '../dom.js';
import { elementField } from './element-field.js';
import { propertyInput } from './property-inputs.js';

const KIND_NAMES = { text: 'Text', image: 'Image', shape: 'Shape', line: 'Line', group: 'Group' };

/**
 * @param {{ name: string, kind: string, fields: Array<{ property: string, type: string, value: unknown }> }} element from GET /templates/{id}/elements/fields
 * @param {Record<string, unknown> | undefined} basic the element's entry in GET /templates/{id}/elements/basic
 * @param {() => void} onChange
 * @param {(file: File) => Promise<{ url: string }>} [upload] stores a file as an account asset, for image elements
 */
export function elementGroup(element, basic, onChange, upload) {
  const mainProperty = basic ? ('text' in basic ? 'text' : 'src' in basic ? 'src' : 'fill') : null;
  const main = mainProperty && element.fields.some((f) => f.property === mainProperty) ? elementField(element.name, basic, onChange, upload) : null;
  const others = element.fields.filter((f) => f.property !== main?.property).map((f) => propertyInput(element.name, f, onChange));
  const editedCount = h('span', { class: 'badge badge-info', hidden: true });
  const more = h(
    'details',
    { class: 'more-props' },
    h('summary', {}, `More properties of ${element.name} (${others.length})`, editedCount),
    h(
      'div',
      { class: 'props-grid' },
      others.map((o) => o.root),
    ),
  );
  const root = h(
    'div',
    { class: 'element-group', dataset: { group: element.name, kind: element.kind } },
    main
      ? main.root
      : h('div', { class: 'field-head' }, h('span', { class: 'element-name' }, element.name), h('span', { class: 'kind' }, KIND_NAMES[element.kind] ?? element.kind)),
    others.length ? more : null,
  );

  const onEdit = () => {
    const n = others.filter((o) => o.change() !== null).length;
    editedCount.hidden = n === 0;
    editedCount.textContent = `${n} edited`;
  };
  more.addEventListener('input', onEdit);
  more.addEventListener('change', onEdit);

  return {
    name: element.name,
    kind: element.kind,
    /** The main property, or null: the list folds the elements whose main property is a colour. */
    property: main?.property ?? null,
    root,
    /** [property, value] for each property the user changed. */
    changes: () => [main?.change(), ...others.map((o) => o.change())].filter((c) => c),
    reset() {
      main?.reset();
      for (const o of others) o.reset();
      onEdit();
    },
    /** A message for one property (opened if folded), or for the element as a whole. */
    setError(message, property) {
      const target = others.find((o) => o.property === property);
      if (target) {
        if (message) more.open = true;
        target.setError(message);
      } else if (main) main.setError(message);
      else if (message && others[0]) {
        more.open = true;
        others[0].setError(message);
      }
      if (!message) for (const o of others) o.setError(null);
    },
  };
}
