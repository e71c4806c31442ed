// The playground's "Signed URL" card: a GET link for the form as it stands,
// signed by the server with one of the account's URL keys, for <img> tags,
// og:image and emails. Making the URL is free; its first opening renders and costs 1 credit.
import { clear, copyButton, errorBox, h, icon } from '../dom.js';
import { newUrlKeyPanel } from './url-keys-section.js';

/**
 * @param {{ api: any, isCurrent: () => boolean }} ctx
 * @param {{ templateId: string, changes: () => Record<string, Record<string, unknown>>, format: () => string }} form
 */
export function signedUrlCard(ctx, form) {
  const keySelect = h('select', { id: 'signed-url-key', class: 'input' });
  const output = h('div', { class: 'signed-url-output', 'aria-live': 'polite' });
  const makeButton = h('button', { type: 'button', class: 'btn btn-secondary', onclick: () => make() }, icon('sparkle'), 'Make signed URL');
  const newKeyButton = h('button', { type: 'button', class: 'btn btn-ghost', onclick: () => createKey() }, icon('plus'), 'New URL key');
  const keyField = h('div', { class: 'field field-inline' }, h('label', { for: 'signed-url-key', class: 'label' }, 'URL key'), keySelect);

  async function loadKeys(selectId) {
    const keys = (await ctx.api.urlKeys()).filter((key) => !key.revokedAt);
    clear(
      keySelect,
      keys.map((key) => h('option', { value: key.id }, key.name ? `${key.name} (${key.id})` : key.id)),
    );
    if (selectId) keySelect.value = selectId;
    keyField.hidden = keys.length === 0;
    makeButton.disabled = keys.length === 0;
    return keys;
  }

  async function createKey() {
    newKeyButton.disabled = true;
    try {
      const created = await ctx.api.createUrlKey('playground');
      await loadKeys(created.id);
      clear(
        output,
        newUrlKeyPanel(created, () => output.replaceChildren()),
      );
    } catch (error) {
      clear(output, errorBox(error, 'Could not create a URL key'));
    } finally {
      newKeyButton.disabled = false;
    }
  }

  async function make() {
    makeButton.disabled = true;
    try {
      const format = form.format();
      const elements = form.changes();
      const body = { keyId: keySelect.value, templateId: form.templateId, ...(format !== 'png' ? { format } : {}), ...(Object.keys(elements).length ? { elements } : {}) };
      const { url } = await ctx.api.signUrl(body);
      if (!ctx.isCurrent()) return;
      const field = h('input', { class: 'input input-mono', readonly: true, value: url, 'aria-label': 'Signed image URL', id: 'signed-url' });
      clear(
        output,
        h('div', { class: 'input-group' }, field, copyButton(url, 'Copy URL', 'Signed URL copied')),
        h(
          'p',
          { class: 'muted small' },
          h('a', { href: url, target: '_blank', rel: 'noopener' }, 'Open it'),
          ' — the first opening renders the image and costs 1 credit; every later one is free. Put it in ',
          h('code', {}, '<img src="…">'),
          ' or ',
          h('code', {}, 'og:image'),
          '.',
        ),
      );
    } catch (error) {
      if (ctx.isCurrent()) clear(output, errorBox(error, 'Could not sign the URL'));
    } finally {
      makeButton.disabled = keySelect.options.length === 0;
    }
  }

  loadKeys().catch((error) => clear(output, errorBox(error, 'Could not load the URL keys')));
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'signed-url-title' },
    h('div', { class: 'card-header' }, h('h2', { id: 'signed-url-title' }, 'Signed URL')),
    h(
      'p',
      { class: 'muted small card-note' },
      'A GET link to this image with your changes, signed with a URL key (not your API key), for places that cannot send a POST. It follows later edits of the template; the format above applies, at scale 1.',
    ),
    h('div', { class: 'options-row' }, keyField, makeButton, newKeyButton),
    output,
  );
}
