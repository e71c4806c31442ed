// One labelled input per overridable property, chosen by the type the server
// describes (GET /templates/{id}/elements/fields): number, colour, text,
// checkbox, a list of values, a font, an image URL. Each input knows its
// starting value, so only what the user changed goes into the request.
import { toPickerHex } from '../color.js';
import { fieldValue } from '../playground-changes.js';
import { h } from '../dom.js';

let idCounter = 0;

const LABELS = {
  left: 'X',
  top: 'Y',
  width: 'Width',
  height: 'Height',
  scaleX: 'Scale X',
  scaleY: 'Scale Y',
  angle: 'Angle',
  opacity: 'Opacity',
  visible: 'Visible',
  fill: 'Fill colour',
  stroke: 'Stroke colour',
  strokeWidth: 'Stroke width',
  rx: 'Corner radius X',
  ry: 'Corner radius Y',
  fontSize: 'Font size',
  fontFamily: 'Font',
  fontWeight: 'Weight',
  fontStyle: 'Style',
  lineHeight: 'Line height',
  charSpacing: 'Letter spacing',
  textAlign: 'Alignment',
  underline: 'Underline',
  linethrough: 'Strikethrough',
  text: 'Text',
  textFit: 'Fit text',
  minFontSize: 'Smallest font size',
  src: 'Image URL',
  fit: 'Image fit',
};

const FONT_WEIGHTS = ['normal', 'bold', '100', '200', '300', '400', '500', '600', '700', '800', '900'];

export function propertyLabel(property) {
  return LABELS[property] ?? property;
}

/**
 * @param {string} element the element's name (for accessible names)
 * @param {{ property: string, type: string, value: unknown, min?: number, max?: number, values?: string[], choices?: string[] }} field
 * @param {() => void} onChange
 * @returns {{ property: string, root: HTMLElement, change(): [string, unknown] | null, reset(): void, setError(message: string | null): void }}
 */
export function propertyInput(element, field, onChange) {
  const id = `prop-${++idCounter}`;
  const start = field.type === 'boolean' ? field.value === true : field.value === null || field.value === undefined ? '' : String(field.value);
  const label = h('label', { for: id, class: 'label' }, propertyLabel(field.property), ' ', h('code', { class: 'prop-code' }, field.property));
  const errorText = h('p', { class: 'field-error', id: `${id}-error`, hidden: true });
  const { input, control } = build(id, element, field, start);
  input.setAttribute('aria-describedby', errorText.id);
  const root = h(
    'div',
    { class: `field prop-field prop-${field.type}`, dataset: { property: field.property } },
    field.type === 'boolean' ? h('div', { class: 'check-row' }, control, label) : [label, control],
    errorText,
  );

  const current = () => (field.type === 'boolean' ? input.checked : input.value);
  function change() {
    const now = current();
    if (now === start) return null;
    const value = fieldValue(field, now);
    return value === undefined ? null : [field.property, value];
  }
  function setError(message) {
    errorText.hidden = !message;
    errorText.textContent = message ?? '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  function reset() {
    if (field.type === 'boolean') input.checked = start;
    else input.value = start;
    input.dispatchEvent(new Event('input'));
  }
  const update = () => {
    root.classList.toggle('edited', change() !== null);
    setError(null);
    onChange();
  };
  input.addEventListener('input', update);
  input.addEventListener('change', update);
  return { property: field.property, root, change, reset, setError };
}

function build(id, element, field, start) {
  switch (field.type) {
    case 'boolean': {
      const input = h('input', { id, type: 'checkbox', class: 'checkbox' });
      input.checked = start;
      return { input, control: input };
    }
    case 'number': {
      const step = field.max !== undefined && field.max <= 1 ? '0.05' : field.property === 'lineHeight' ? '0.01' : 'any';
      const input = h('input', { id, type: 'number', class: 'input', inputmode: 'decimal', step, min: field.exclusiveMin ? undefined : field.min, max: field.max });
      input.value = start;
      return { input, control: input };
    }
    case 'enum':
    case 'font':
    case 'fontWeight': {
      const options = field.type === 'enum' ? field.values : field.type === 'font' ? field.choices : FONT_WEIGHTS;
      const list = [...new Set([...(start === '' ? [] : [start]), ...(options ?? [])])];
      const input = h(
        'select',
        { id, class: 'input' },
        start === '' ? h('option', { value: '' }, '(as in the template)') : null,
        list.map((v) => h('option', { value: v }, v)),
      );
      input.value = start;
      return { input, control: input };
    }
    case 'color': {
      const input = h('input', {
        id,
        type: 'text',
        class: 'input input-mono',
        spellcheck: 'false',
        autocomplete: 'off',
        placeholder: start === '' ? 'Gradient: type a colour to replace it' : '#RRGGBB, rgba(…) or transparent',
      });
      input.value = start;
      const picker = h('input', { type: 'color', class: 'color-picker', 'aria-label': `${element} ${propertyLabel(field.property).toLowerCase()} picker` });
      const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
      const sync = () => {
        const hex = toPickerHex(input.value);
        if (hex) picker.value = hex;
        swatch.style.setProperty('--swatch', input.value.trim() || 'transparent');
      };
      picker.addEventListener('input', () => {
        input.value = picker.value.toUpperCase();
        sync();
        input.dispatchEvent(new Event('input'));
      });
      input.addEventListener('input', sync);
      sync();
      return { input, control: h('div', { class: 'color-control' }, h('label', { class: 'picker-wrap' }, picker, swatch), input) };
    }
    case 'image': {
      const input = h('input', { id, type: 'url', class: 'input input-mono', inputmode: 'url', placeholder: 'https://…', spellcheck: 'false' });
      input.value = start;
      return { input, control: input };
    }
    default: {
      const input = h('textarea', { id, class: 'input', rows: 2 });
      input.value = start;
      return { input, control: input };
    }
  }
}
