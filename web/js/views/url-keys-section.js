// URL keys on the keys page: they sign image URLs (GET /u/…) and open nothing else.
import { clear, copyButton, dataTable, errorBox, formatDate, h, icon, revokeButton } from '../dom.js';

export function urlKeysSection(ctx) {
  const nameField = h('input', { class: 'input', id: 'url-key-name', name: 'name', maxlength: '80', autocomplete: 'off', placeholder: 'e.g. newsletter, website' });
  const createButton = h('button', { type: 'submit', class: 'btn btn-primary' }, icon('plus'), 'Create URL key');
  const revealed = h('div', { class: 'revealed-slot' });
  const status = h('div');
  const body = h('tbody');

  const reload = async () => {
    try {
      const keys = await ctx.api.urlKeys();
      if (!ctx.isCurrent()) return;
      clear(status, keys.length ? null : h('p', { class: 'empty' }, 'No URL keys yet.'));
      keys.sort((a, b) => Number(Boolean(a.revokedAt)) - Number(Boolean(b.revokedAt)) || b.createdAt.localeCompare(a.createdAt));
      clear(
        body,
        keys.map((key) => urlKeyRow(key, ctx, reload)),
      );
    } catch (error) {
      if (ctx.isCurrent()) clear(status, errorBox(error, 'Could not load the URL keys'));
    }
  };

  const form = h(
    'form',
    {
      class: 'key-create',
      onsubmit: async (event) => {
        event.preventDefault();
        createButton.disabled = true;
        try {
          const created = await ctx.api.createUrlKey(nameField.value.trim());
          nameField.value = '';
          clear(
            revealed,
            newUrlKeyPanel(created, () => revealed.replaceChildren()),
          );
          await reload();
        } catch (error) {
          clear(revealed, errorBox(error, 'Could not create a URL key'));
        } finally {
          createButton.disabled = false;
        }
      },
    },
    h('div', { class: 'field' }, h('label', { for: 'url-key-name', class: 'label' }, 'Name of the URL key ', h('span', { class: 'muted' }, '(optional)')), nameField),
    createButton,
  );
  reload();
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'url-keys-title' },
    h('div', { class: 'card-header' }, h('h2', { id: 'url-keys-title' }, 'URL keys')),
    h(
      'p',
      { class: 'muted card-note' },
      'A URL key signs image URLs (',
      h('code', {}, 'GET /u/…'),
      ') that go into ',
      h('code', {}, '<img>'),
      ' tags and emails. Its secret opens no API: revoke one and its URLs stop at once. Make a URL in a template’s playground.',
    ),
    form,
    revealed,
    dataTable([{ label: 'URL key' }, { label: 'Created', class: 'hide-sm' }, { label: 'Status' }, { label: 'Actions', class: 'actions', hidden: true }], body),
    status,
  );
}

function urlKeyRow(key, ctx, reload) {
  const label = key.name ? `${key.name} (${key.id})` : key.id;
  const revoke = revokeButton({
    label: `Revoke URL key ${label}`,
    title: 'Revoke this URL key?',
    body: [h('p', {}, 'Every image URL signed with ', h('code', {}, key.id), ' answers ', h('code', {}, '401'), ' from now on.')],
    confirmLabel: 'Revoke URL key',
    revoke: () => ctx.api.revokeUrlKey(key.id),
    revokedMessage: `URL key ${key.id} revoked`,
    reload,
  });
  return h(
    'tr',
    { class: key.revokedAt ? 'row-muted' : '' },
    h('td', {}, key.name ? h('div', { class: 'key-name' }, key.name) : null, h('code', { class: 'mono' }, key.id)),
    h('td', { class: 'nowrap hide-sm' }, formatDate(key.createdAt)),
    h('td', {}, key.revokedAt ? h('span', { class: 'badge badge-neutral' }, `Revoked ${formatDate(key.revokedAt)}`) : h('span', { class: 'badge badge-success' }, 'Active')),
    h('td', { class: 'actions' }, key.revokedAt ? null : revoke),
  );
}

/** The secret, once: the server keeps it to check signatures, but never shows it again. */
export function newUrlKeyPanel(created, onDismiss) {
  const field = h('input', { class: 'input input-mono', readonly: true, value: created.secret, 'aria-label': 'New URL key secret', id: 'new-url-key-secret' });
  return h(
    'section',
    { class: 'card reveal', 'aria-labelledby': 'new-url-key-title' },
    h(
      'div',
      { class: 'reveal-head' },
      h('h2', { id: 'new-url-key-title' }, `URL key ${created.id}`),
      h('button', { type: 'button', class: 'btn btn-small btn-ghost', onclick: onDismiss }, 'I have saved it'),
    ),
    h(
      'div',
      { class: 'callout callout-warning', role: 'note' },
      icon('alert'),
      h(
        'p',
        {},
        h('strong', {}, 'Copy the secret now. '),
        'It is shown only this once. Sign URLs with it on your server (see the README); the playground signs for you without it.',
      ),
    ),
    h('div', { class: 'input-group' }, field, copyButton(created.secret, 'Copy secret', 'URL key secret copied')),
  );
}
