// The account's own fonts (GET/POST/DELETE /fonts): a list with a sample drawn
// from each uploaded file, an upload form, and delete. Templates of this
// account may use an uploaded family in the editor and through the API.
import { apiUrl } from '../api.js';
import { clear, confirmDialog, errorBox, formatDate, h, icon, toast } from '../dom.js';
import { guessFromFileName } from '../font-file-name.js';

const SAMPLE = 'The quick brown fox jumps over the lazy dog 0123456789';
const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];
const WEIGHT_NAMES = { 100: 'Thin', 200: 'Extra light', 300: 'Light', 400: 'Regular', 500: 'Medium', 600: 'Semibold', 700: 'Bold', 800: 'Extra bold', 900: 'Black' };

export async function renderFonts(container, ctx) {
  document.title = 'Fonts · Imprint';
  const form = uploadForm(ctx, () => reload());
  const status = h('div');
  const list = h('ul', { class: 'font-list', 'aria-label': "This account's fonts" });
  container.append(
    h(
      'div',
      { class: 'page-header' },
      h(
        'div',
        {},
        h('h1', {}, 'Fonts'),
        h(
          'p',
          { class: 'muted' },
          'Upload your brand fonts (TTF, OTF, WOFF or WOFF2). The editor offers each family in its font list, and the API renders it: templates of this account may use it like a bundled font.',
        ),
      ),
    ),
    form,
    h('section', { class: 'card', 'aria-labelledby': 'fonts-title' }, h('div', { class: 'card-header' }, h('h2', { id: 'fonts-title' }, 'Fonts of this account')), list, status),
  );

  async function reload() {
    try {
      const fonts = await ctx.api.fonts();
      if (!ctx.isCurrent()) return;
      fonts.sort((a, b) => a.family.localeCompare(b.family) || a.weight - b.weight || a.style.localeCompare(b.style));
      clear(
        list,
        fonts.map((font) => fontRow(font, ctx, reload)),
      );
      clear(status, fonts.length ? null : h('p', { class: 'empty' }, 'No fonts yet. Upload one above, or from the editor’s font list.'));
    } catch (error) {
      if (ctx.isCurrent()) clear(status, errorBox(error, 'Could not load the fonts'));
    }
  }
  await reload();
}

function fieldError(id) {
  return h('p', { class: 'field-error', id, role: 'alert', hidden: true });
}

function uploadForm(ctx, onUploaded) {
  const file = h('input', {
    id: 'font-file',
    type: 'file',
    class: 'file-input',
    required: true,
    accept: '.ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2',
    'aria-describedby': 'font-file-error',
  });
  const family = h('input', {
    id: 'font-family',
    class: 'input',
    required: true,
    maxlength: '100',
    autocomplete: 'off',
    placeholder: 'e.g. Brand Sans',
    'aria-describedby': 'font-family-error',
  });
  const weight = h(
    'select',
    { id: 'font-weight', class: 'input', 'aria-describedby': 'font-weight-error' },
    WEIGHTS.map((w) => h('option', { value: String(w), selected: w === 400 }, `${w} · ${WEIGHT_NAMES[w]}`)),
  );
  const style = h(
    'select',
    { id: 'font-style', class: 'input', 'aria-describedby': 'font-style-error' },
    h('option', { value: 'normal' }, 'Normal'),
    h('option', { value: 'italic' }, 'Italic'),
  );
  const errors = { file: fieldError('font-file-error'), family: fieldError('font-family-error'), weight: fieldError('font-weight-error'), style: fieldError('font-style-error') };
  const inputs = { file, family, weight, style };
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, icon('plus'), 'Upload font');
  const general = h('div');

  const showError = (field, message) => {
    errors[field].textContent = message;
    errors[field].hidden = !message;
    if (message) inputs[field].setAttribute('aria-invalid', 'true');
    else inputs[field].removeAttribute('aria-invalid');
  };
  const clearErrors = () => {
    for (const field of Object.keys(errors)) showError(field, '');
    clear(general);
  };

  let guessed = '';
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    const guess = guessFromFileName(chosen.name);
    // Prefill only what the person has not typed themselves.
    if (!family.value.trim() || family.value === guessed) family.value = guess.family;
    guessed = guess.family;
    weight.value = String(guess.weight);
    style.value = guess.style;
    showError('file', '');
  });

  const form = h(
    'form',
    { class: 'card font-upload', 'aria-labelledby': 'font-upload-title', novalidate: true },
    h('div', { class: 'card-header' }, h('h2', { id: 'font-upload-title' }, 'Upload a font')),
    h(
      'div',
      { class: 'font-upload-fields' },
      h('div', { class: 'field field-file' }, h('label', { for: 'font-file', class: 'label' }, 'Font file'), file, errors.file),
      h('div', { class: 'field' }, h('label', { for: 'font-family', class: 'label' }, 'Family name'), family, errors.family),
      h('div', { class: 'field' }, h('label', { for: 'font-weight', class: 'label' }, 'Weight'), weight, errors.weight),
      h('div', { class: 'field' }, h('label', { for: 'font-style', class: 'label' }, 'Style'), style, errors.style),
    ),
    h('div', { class: 'form-actions' }, submit, h('span', { class: 'help' }, 'Upload each weight and style of a family as its own file, under the same family name.')),
    general,
  );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors();
    const chosen = file.files?.[0];
    if (!chosen) {
      showError('file', 'Choose a TTF, OTF, WOFF or WOFF2 file.');
      file.focus();
      return;
    }
    if (!family.value.trim()) {
      showError('family', 'Give the family a name: templates refer to the font by it.');
      family.focus();
      return;
    }
    submit.disabled = true;
    try {
      const font = await ctx.api.uploadFont(chosen, family.value.trim(), Number(weight.value), style.value);
      toast(`Uploaded ${font.family} ${font.weight}${font.style === 'italic' ? ' italic' : ''}`, 'success');
      form.reset();
      guessed = '';
      await onUploaded();
    } catch (error) {
      const field = fieldOf(error);
      if (field) {
        showError(field, error.message);
        inputs[field].focus();
      } else clear(general, errorBox(error, 'Could not upload the font'));
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

/** Which field an API error is about: the query parameter it names, else the file for a refused body. */
function fieldOf(error) {
  for (const e of error.errors ?? []) {
    const named = /(family|weight|style)/.exec(e.path ?? '');
    if (named) return named[1];
  }
  if (error.code === 'invalid_font') return /family name/i.test(error.message) ? 'family' : 'file';
  if (error.code === 'unsupported_media_type' || error.code === 'payload_too_large' || error.statusCode === 413 || error.statusCode === 415) return 'file';
  return null;
}

function fontRow(font, ctx, reload) {
  const label = `${font.family} ${font.weight}${font.style === 'italic' ? ' italic' : ''}`;
  // Each file gets a face name of its own, so two uploads of one family never shadow each other in the sample.
  const faceName = `imprint-${font.id}`;
  const sample = h('p', { class: 'font-sample', lang: 'en' }, SAMPLE);
  sample.style.fontFamily = `"${faceName}", system-ui, sans-serif`;
  sample.style.fontWeight = String(font.weight);
  sample.style.fontStyle = font.style;
  const face = new FontFace(faceName, `url(${apiUrl(`fonts/${encodeURIComponent(font.id)}/file`)})`, { weight: String(font.weight), style: font.style });
  document.fonts.add(face);
  face.load().then(
    () => sample.classList.add('loaded'),
    () => {
      sample.classList.add('failed');
      sample.title = 'The browser could not load this file';
    },
  );
  const remove = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-small btn-danger-ghost',
      'aria-label': `Delete font ${label}`,
      onclick: async () => {
        const ok = await confirmDialog({
          title: 'Delete this font?',
          body: [
            h('p', {}, h('strong', {}, label), ' is removed from this account.'),
            h('p', { class: 'muted' }, "While a template's text draws with it, it is not deleted: you are told which templates to change first."),
          ],
          confirmLabel: 'Delete font',
          danger: true,
        });
        if (!ok) return;
        remove.disabled = true;
        try {
          await ctx.api.deleteFont(font.id);
          document.fonts.delete(face);
          toast(`Deleted ${label}`, 'success');
          await reload();
        } catch (error) {
          remove.disabled = false;
          toast(`${error.code ?? 'error'}: ${error.message}`, 'error');
        }
      },
    },
    'Delete',
  );
  return h(
    'li',
    { class: 'font-row', id: `font-${font.id}` },
    h(
      'div',
      { class: 'font-meta' },
      h('p', { class: 'font-family' }, font.family),
      h(
        'p',
        { class: 'muted small' },
        `${font.weight} · ${WEIGHT_NAMES[font.weight] ?? 'Custom'} · ${font.style === 'italic' ? 'Italic' : 'Normal'} · ${font.format.toUpperCase()} · `,
        formatDate(font.createdAt),
      ),
    ),
    sample,
    h('div', { class: 'font-actions' }, remove),
  );
}
