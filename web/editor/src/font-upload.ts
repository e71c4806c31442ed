/**
 * "Upload a font…" beside the font list: a dialog sends the file to
 * POST /fonts, the new face is registered from the server's copy (so the
 * editor measures with the bytes the renderer will use), and the caller
 * selects the family. The API's errors are shown at the field they concern.
 */
import { guessFromFileName } from '../../js/font-file-name.js';
import { ApiFailure, api, type AccountFont } from './api.js';
import { addAccountFont } from './fonts.js';
import type { FontChoices } from './ui/properties-panel.js';
import { fieldId, h } from './ui/dom.js';

const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];
type FieldName = 'file' | 'family' | 'weight' | 'style';

/** Which field an API error is about: the query parameter it names, else the file for a refused body. */
function fieldOf(error: ApiFailure): FieldName | null {
  for (const e of error.errors) {
    const named = /(family|weight|style)/.exec(e.path);
    if (named) return named[1] as FieldName;
  }
  if (error.code === 'invalid_font') return /family name/i.test(error.message) ? 'family' : 'file';
  if (error.statusCode === 413 || error.statusCode === 415) return 'file';
  return null;
}

/** Opens the dialog; resolves with the uploaded font, or null when cancelled. */
export function uploadFontDialog(choices: FontChoices): Promise<AccountFont | null> {
  const ids = { file: fieldId('font-file'), family: fieldId('font-family'), weight: fieldId('font-weight'), style: fieldId('font-style') };
  const inputs = {
    file: h('input', { id: ids.file, type: 'file', required: true, accept: '.ttf,.otf,.woff,.woff2' }),
    family: h('input', { id: ids.family, type: 'text', required: true, maxlength: 100, autocomplete: 'off', placeholder: 'e.g. Brand Sans' }),
    weight: h('select', { id: ids.weight }, ...WEIGHTS.map((w) => h('option', { value: String(w), selected: w === 400 }, String(w)))),
    style: h('select', { id: ids.style }, h('option', { value: 'normal' }, 'Normal'), h('option', { value: 'italic' }, 'Italic')),
  };
  const errors = {} as Record<FieldName, HTMLParagraphElement>;
  const row = (name: FieldName, label: string) => {
    errors[name] = h('p', { class: 'field-error', id: `${ids[name]}-error`, role: 'alert', hidden: true });
    inputs[name].setAttribute('aria-describedby', `${ids[name]}-error`);
    return h('div', { class: 'field' }, h('label', { for: ids[name] }, label), inputs[name], errors[name]);
  };
  const show = (name: FieldName, message: string) => {
    errors[name].textContent = message;
    errors[name].hidden = !message;
    if (message) inputs[name].setAttribute('aria-invalid', 'true');
    else inputs[name].removeAttribute('aria-invalid');
  };
  const general = h('p', { class: 'field-error', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Upload and use');
  const cancel = h('button', { type: 'button' }, 'Cancel');
  const form = h(
    'form',
    { novalidate: true },
    h('h2', { id: 'font-upload-title' }, 'Upload a font'),
    h('p', { class: 'hint' }, 'A TTF, OTF, WOFF or WOFF2 file. It is kept in your account; the API renders templates with it.'),
    row('file', 'Font file'),
    row('family', 'Family name'),
    h('div', { class: 'inline' }, row('weight', 'Weight'), row('style', 'Style')),
    general,
    h('div', { class: 'inline' }, submit, cancel),
  );
  const dialog = h('dialog', { class: 'font-upload-dialog', 'aria-labelledby': 'font-upload-title' }, form);

  let guessed = '';
  inputs.file.addEventListener('change', () => {
    const file = inputs.file.files?.[0];
    if (!file) return;
    const guess = guessFromFileName(file.name);
    if (!inputs.family.value.trim() || inputs.family.value === guessed) inputs.family.value = guess.family;
    guessed = guess.family;
    inputs.weight.value = String(guess.weight);
    inputs.style.value = guess.style;
    show('file', '');
  });

  return new Promise((resolve) => {
    let uploaded: AccountFont | null = null;
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(uploaded);
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      for (const name of Object.keys(errors) as FieldName[]) show(name, '');
      general.hidden = true;
      const file = inputs.file.files?.[0];
      const family = inputs.family.value.trim();
      if (!file) return show('file', 'Choose a TTF, OTF, WOFF or WOFF2 file.');
      if (!family) return show('family', 'Give the family a name: templates refer to the font by it.');
      submit.disabled = true;
      try {
        const font = await api.uploadFont(file, family, Number(inputs.weight.value), inputs.style.value === 'italic' ? 'italic' : 'normal');
        addAccountFont(font);
        if (!choices.families.includes(font.family)) choices.families.push(font.family);
        const own = choices.ownWeights.get(font.family) ?? [];
        if (!own.includes(font.weight))
          choices.ownWeights.set(
            font.family,
            [...own, font.weight].sort((a, b) => a - b),
          );
        uploaded = font;
        dialog.close();
      } catch (error) {
        const field = error instanceof ApiFailure ? fieldOf(error) : null;
        const message = error instanceof ApiFailure ? error.message : String(error);
        if (field) {
          show(field, message);
          inputs[field].focus();
        } else {
          general.textContent = `Not uploaded: ${message}`;
          general.hidden = false;
        }
      } finally {
        submit.disabled = false;
      }
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** The button under the font list; `onUploaded` selects the new face on the text being edited. */
export function fontUploadButton(choices: () => FontChoices, onUploaded: (font: AccountFont) => void): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'font-upload-button',
      onclick: async () => {
        const font = await uploadFontDialog(choices());
        if (font) onUploaded(font);
      },
    },
    'Upload a font…',
  );
}
