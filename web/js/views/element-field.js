// One editable element of a template, from GET /templates/{id}/elements/basic:
// text → textarea, fill → colour picker + text, src → URL. Each field knows
// its starting value, so only what the user changed goes into the request.
import { toPickerHex } from '../color.js';
import { h, icon } from '../dom.js';
import { assetUploadControl } from './asset-upload.js';

let idCounter = 0;

/**
 * @returns {{ name: string, property: string, root: HTMLElement, change(): [string, unknown] | null, reset(): void, setError(message: string | null): void }}
 */
/** `upload` (optional) turns a chosen file into an asset for image elements. */
export function elementField(name, basic, onChange, upload) {
  const id = `el-${++idCounter}`;
  const property = 'text' in basic ? 'text' : 'src' in basic ? 'src' : 'fill';
  const initial = basic[property];
  const editable = property !== 'fill' || typeof initial === 'string';
  // A gradient fill can't be shown as one colour: the field starts empty and only a typed colour replaces it.
  const startText = editable ? String(initial ?? '') : '';

  const errorText = h('p', { class: 'field-error', id: `${id}-error`, hidden: true });
  const resetButton = h('button', { type: 'button', class: 'btn btn-small btn-ghost field-reset', hidden: true, 'aria-label': `Reset ${name}` }, icon('reset'), 'Reset');
  const editedBadge = h('span', { class: 'badge badge-info', hidden: true }, 'Edited');
  let input;
  let picker = null;
  let control;

  if (property === 'text') {
    input = h('textarea', { id, class: 'input', rows: rowsFor(startText), spellcheck: 'true' });
    input.value = startText;
    control = input;
  } else if (property === 'src') {
    input = h('input', { id, type: 'url', class: 'input input-mono', inputmode: 'url', placeholder: 'https://… or data:image/…', spellcheck: 'false' });
    input.value = startText;
    control = upload
      ? h(
          'div',
          { class: 'src-control' },
          input,
          assetUploadControl(id, name, upload, (url) => {
            input.value = url;
            input.dispatchEvent(new Event('input'));
          }),
        )
      : input;
  } else {
    input = h('input', {
      id,
      type: 'text',
      class: 'input input-mono',
      spellcheck: 'false',
      autocomplete: 'off',
      placeholder: editable ? '#RRGGBB, rgba(…) or transparent' : 'Gradient — type a colour to replace it',
    });
    input.value = startText;
    picker = h('input', { type: 'color', class: 'color-picker', 'aria-label': `${name} colour picker` });
    const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
    const syncFromText = () => {
      const hex = toPickerHex(input.value);
      if (hex) picker.value = hex;
      swatch.style.setProperty('--swatch', input.value.trim() || (editable ? 'transparent' : 'transparent'));
      swatch.classList.toggle('swatch-gradient', !editable && input.value.trim() === '');
      swatch.classList.toggle('swatch-unknown', input.value.trim() !== '' && !hex && input.value.trim().toLowerCase() !== 'transparent');
    };
    picker.addEventListener('input', () => {
      input.value = picker.value.toUpperCase();
      syncFromText();
      update();
    });
    input.addEventListener('input', syncFromText);
    control = h('div', { class: 'color-control' }, h('label', { class: 'picker-wrap' }, picker, swatch), input);
    syncFromText();
  }

  const kindLabel = property === 'text' ? 'Text' : property === 'src' ? 'Image URL' : 'Colour';
  const root = h(
    'div',
    { class: 'field element-field', dataset: { element: name } },
    h(
      'div',
      { class: 'field-head' },
      h('label', { for: id, class: 'label' }, h('span', { class: 'element-name' }, name)),
      h('span', { class: 'kind' }, kindLabel, h('code', {}, property)),
      editedBadge,
      resetButton,
    ),
    control,
    !editable ? h('p', { class: 'help' }, 'This element has a gradient fill; leave the field empty to keep it.') : null,
    errorText,
  );
  input.setAttribute('aria-describedby', errorText.id);

  function change() {
    const value = input.value;
    if (value === startText) return null;
    if (property === 'fill' && value.trim() === '') return null;
    return [property, property === 'fill' ? value.trim() : value];
  }

  function update() {
    const edited = change() !== null;
    editedBadge.hidden = !edited;
    resetButton.hidden = !edited;
    root.classList.toggle('edited', edited);
    if (property === 'text') input.rows = rowsFor(input.value);
    setError(null);
    onChange();
  }

  function reset() {
    input.value = startText;
    input.dispatchEvent(new Event('input'));
  }

  function setError(message) {
    errorText.hidden = !message;
    errorText.textContent = message ?? '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  input.addEventListener('input', update);
  resetButton.addEventListener('click', () => {
    reset();
    input.focus();
  });

  return { name, property, root, change, reset, setError };
}

function rowsFor(text) {
  return Math.min(8, Math.max(2, String(text).split('\n').length));
}
