// Templates list (GET /templates/all), sortable by created/updated date.
import { clear, copyButton, errorBox, formatDate, h, icon, timeAgo } from '../dom.js';
import { templateThumbnail } from './template-thumbnail.js';

// Survives navigating to a playground and back.
const sortState = { sort: 'updatedAt', order: 'desc' };

export async function renderTemplates(container, ctx) {
  document.title = 'Templates · Imprint';
  const content = h(
    'section',
    { class: 'card', 'aria-labelledby': 'templates-title', 'aria-busy': 'true' },
    h('div', { class: 'card-header' }, h('h2', { id: 'templates-title' }, 'Your templates'), h('span', { class: 'muted small', id: 'templates-count' })),
    h('p', { class: 'empty' }, 'Loading templates…'),
  );
  container.append(
    h(
      'div',
      { class: 'page-header' },
      h(
        'div',
        {},
        h('h1', {}, 'Templates'),
        h(
          'p',
          { class: 'muted' },
          'Design a template in the editor, then try its elements in the playground and generate an image. Listing and reading templates is free; each image costs 1 credit.',
        ),
      ),
      h('a', { href: 'editor', class: 'btn btn-primary' }, icon('plus'), 'New template'),
    ),
    content,
  );
  await load(content, ctx);
}

async function load(content, ctx) {
  let templates;
  try {
    templates = await ctx.api.templates(sortState.sort, sortState.order);
  } catch (error) {
    if (ctx.isCurrent()) clear(content, errorBox(error, 'Could not load the templates'));
    return;
  }
  if (!ctx.isCurrent()) return;
  content.removeAttribute('aria-busy');
  const header = content.querySelector('.card-header');
  header.querySelector('#templates-count').textContent = `${templates.length} template${templates.length === 1 ? '' : 's'}`;
  if (templates.length === 0) {
    clear(
      content,
      header,
      h(
        'div',
        { class: 'empty' },
        h('p', {}, 'No templates yet.'),
        h(
          'p',
          { class: 'muted' },
          'Design one in the ',
          h('a', { href: 'editor' }, 'editor'),
          ', or create one with ',
          h('code', {}, 'POST /templates'),
          ' or ',
          h('code', {}, 'npx imprint templates import'),
          '.',
        ),
      ),
    );
    return;
  }
  const sortHeader = (field, label, className = null) => {
    const active = sortState.sort === field;
    const next = active && sortState.order === 'desc' ? 'asc' : 'desc';
    return h(
      'th',
      { scope: 'col', class: className, 'aria-sort': active ? (sortState.order === 'asc' ? 'ascending' : 'descending') : 'none' },
      h(
        'button',
        {
          type: 'button',
          class: `sort-button${active ? ' active' : ''}`,
          title: `Sort by ${label.toLowerCase()}, ${next === 'asc' ? 'oldest' : 'newest'} first`,
          onclick: async () => {
            sortState.sort = field;
            sortState.order = next;
            content.setAttribute('aria-busy', 'true');
            await load(content, ctx);
            content.querySelector(`.sort-button.active`)?.focus();
          },
        },
        label,
        icon(active ? (sortState.order === 'asc' ? 'arrowUp' : 'arrowDown') : 'sort'),
      ),
    );
  };
  const rows = templates.map((t) => {
    const href = `#/templates/${encodeURIComponent(t.id)}`;
    return h(
      'tr',
      {
        class: 'row-link',
        onclick: (event) => {
          if (!event.target.closest('a, button')) location.hash = href;
        },
      },
      h('td', {}, h('div', { class: 'template-name-cell' }, templateThumbnail(t), h('a', { href, class: 'row-title' }, t.name))),
      h('td', { class: 'hide-sm' }, h('span', { class: 'id-cell' }, h('code', {}, t.id), copyButton(t.id, '', 'Template id copied'))),
      h('td', { class: 'nowrap hide-sm' }, formatDate(t.createdAt)),
      h('td', { class: 'nowrap' }, timeAgo(t.updatedAt)),
      h(
        'td',
        { class: 'actions' },
        h(
          'div',
          { class: 'row-actions' },
          h('a', { href: `editor?template=${encodeURIComponent(t.id)}`, class: 'btn btn-small btn-secondary', 'aria-label': `Edit ${t.name}` }, icon('pencil'), 'Edit'),
          // The editor opens an unsaved copy named "<name> copy"; nothing is stored until Save.
          h('a', { href: `editor?from=${encodeURIComponent(t.id)}`, class: 'btn btn-small btn-secondary', 'aria-label': `Duplicate ${t.name}` }, icon('copy'), 'Duplicate'),
          h('a', { href, class: 'btn btn-small btn-secondary' }, icon('sparkle'), 'Playground'),
        ),
      ),
    );
  });
  clear(
    content,
    header,
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'table' },
        h('caption', { class: 'visually-hidden' }, 'Templates; the Created and Updated column headers sort the list'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Name'),
            h('th', { scope: 'col', class: 'hide-sm' }, 'Template id'),
            sortHeader('createdAt', 'Created', 'hide-sm'),
            sortHeader('updatedAt', 'Updated'),
            h('th', { scope: 'col', class: 'actions' }, h('span', { class: 'visually-hidden' }, 'Actions')),
          ),
        ),
        h('tbody', {}, rows),
      ),
    ),
  );
}
