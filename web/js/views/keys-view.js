// The developer area's API keys: list, create (plaintext shown once), revoke.
import { urlKeysSection } from './url-keys-section.js';
import { clear, copyButton, dataTable, errorBox, formatDate, h, icon, revokeButton, timeAgo } from '../dom.js';

export async function renderKeys(container, ctx) {
  document.title = 'API keys · Imprint';
  const nameField = h('input', { class: 'input', id: 'key-name', name: 'name', maxlength: '80', autocomplete: 'off', placeholder: 'e.g. production, Zapier' });
  const createButton = h('button', { type: 'submit', class: 'btn btn-primary' }, icon('plus'), 'Create key');
  const createForm = h(
    'form',
    { class: 'key-create' },
    h('div', { class: 'field' }, h('label', { for: 'key-name', class: 'label' }, 'Key name ', h('span', { class: 'muted' }, '(optional)')), nameField),
    createButton,
  );
  const revealed = h('div', { class: 'revealed-slot' });
  const status = h('div');
  const body = h('tbody');
  container.append(
    h(
      'div',
      { class: 'page-header' },
      h(
        'div',
        {},
        h('h1', {}, 'API keys'),
        h(
          'p',
          { class: 'muted' },
          'Send a key as ',
          h('code', {}, 'Authorization: Bearer <key>'),
          '. Only a hash of each key is stored: a lost key cannot be shown again, only replaced.',
        ),
      ),
    ),
    createForm,
    revealed,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'keys-title' },
      h('div', { class: 'card-header' }, h('h2', { id: 'keys-title' }, 'Keys of this account')),
      dataTable(
        [
          { label: 'Key' },
          { label: 'Created', class: 'hide-sm' },
          { label: 'Last used', class: 'hide-sm' },
          { label: 'Status' },
          { label: 'Actions', class: 'actions', hidden: true },
        ],
        body,
      ),
      status,
    ),
    urlKeysSection(ctx),
  );

  const reload = async () => {
    try {
      const keys = await ctx.api.keys();
      if (!ctx.isCurrent()) return;
      clear(status);
      // Active keys first, newest first within each group.
      keys.sort((a, b) => Number(Boolean(a.revokedAt)) - Number(Boolean(b.revokedAt)) || b.createdAt.localeCompare(a.createdAt));
      clear(
        body,
        keys.map((key) => keyRow(key, ctx, reload)),
      );
    } catch (error) {
      if (ctx.isCurrent()) clear(status, errorBox(error, 'Could not load the keys'));
    }
  };

  createForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    createButton.disabled = true;
    try {
      const created = await ctx.api.createKey(nameField.value.trim());
      nameField.value = '';
      clear(
        revealed,
        newKeyPanel(created, () => revealed.replaceChildren()),
      );
      revealed.querySelector('input')?.select();
      await reload();
    } catch (error) {
      clear(revealed, errorBox(error, 'Could not create a key'));
    } finally {
      createButton.disabled = false;
    }
  });

  await reload();
}

function keyRow(key, ctx, reload) {
  const revoke = revokeButton({
    label: `Revoke key ${key.name ? `${key.name} ` : ''}${key.prefix}…${key.last4}`,
    title: 'Revoke this key?',
    body: [
      h(
        'p',
        {},
        'Key ',
        key.name ? `“${key.name}” ` : '',
        h('code', {}, `${key.prefix}…${key.last4}`),
        ' stops working immediately. Anything that still uses it will get ',
        h('code', {}, '401 invalid_api_key'),
        '.',
      ),
    ],
    confirmLabel: 'Revoke key',
    revoke: () => ctx.api.revokeKey(key.id),
    revokedMessage: `Key ${key.prefix}…${key.last4} revoked`,
    reload,
  });
  return h(
    'tr',
    { class: key.revokedAt ? 'row-muted' : '' },
    h(
      'td',
      {},
      key.name ? h('div', { class: 'key-name' }, key.name) : null,
      h('code', { class: 'key-mask' }, `${key.prefix}…${key.last4}`),
      h('div', { class: 'muted small mono' }, key.id),
    ),
    h('td', { class: 'nowrap hide-sm' }, formatDate(key.createdAt)),
    h('td', { class: 'nowrap hide-sm' }, timeAgo(key.lastUsedAt)),
    h(
      'td',
      {},
      key.revokedAt
        ? h('span', { class: 'badge badge-neutral', title: formatDate(key.revokedAt) }, `Revoked ${formatDate(key.revokedAt)}`)
        : h('span', { class: 'badge badge-success' }, 'Active'),
    ),
    h('td', { class: 'actions' }, key.revokedAt ? null : revoke),
  );
}

function newKeyPanel(created, onDismiss) {
  const field = h('input', { class: 'input input-mono', readonly: true, value: created.key, 'aria-label': 'New API key', id: 'new-key' });
  return h(
    'section',
    { class: 'card reveal', 'aria-labelledby': 'new-key-title' },
    h(
      'div',
      { class: 'reveal-head' },
      h('h2', { id: 'new-key-title' }, created.name ? `Your new API key “${created.name}”` : 'Your new API key'),
      h('button', { type: 'button', class: 'btn btn-small btn-ghost', onclick: onDismiss }, 'I have saved it'),
    ),
    h(
      'div',
      { class: 'callout callout-warning', role: 'note' },
      icon('alert'),
      h('p', {}, h('strong', {}, 'Copy it now. '), 'It is shown only this once: the server keeps only its hash. Store it like a password.'),
    ),
    h('div', { class: 'input-group' }, field, copyButton(created.key, 'Copy key', 'API key copied')),
    h('p', { class: 'muted small' }, 'Use it from a shell: ', h('code', {}, 'export IMPRINT_KEY=…'), ', then paste any curl command from the template playground.'),
  );
}
