// Image history (GET /account/images): every generated image, newest first, with the request that made it.
import { clear, copyButton, errorBox, formatDate, h } from '../dom.js';

export async function renderImages(container, ctx) {
  document.title = 'Images · Imprint';
  const grid = h('ul', { class: 'image-grid', 'aria-label': 'Generated images, newest first' });
  const status = h('div');
  const more = h('button', { type: 'button', class: 'btn btn-secondary' }, 'Load more');
  const footer = h('div', { class: 'card-footer' });
  container.append(
    h(
      'div',
      { class: 'page-header' },
      h(
        'div',
        {},
        h('h1', {}, 'Images'),
        h('p', { class: 'muted' }, 'Every image this account generated, newest first. Identical images are stored once, so rendering the same thing twice shows it once.'),
      ),
    ),
    h('section', { class: 'card', 'aria-label': 'Image history' }, grid, status, footer),
  );

  let cursor = null;
  const load = async () => {
    more.disabled = true;
    more.textContent = 'Loading…';
    try {
      const page = await ctx.api.images(cursor);
      if (!ctx.isCurrent()) return;
      for (const image of page.images) grid.append(imageCard(image));
      cursor = page.nextCursor;
      if (grid.childElementCount === 0) {
        clear(status, h('p', { class: 'empty' }, 'No images yet. Open a template and press Generate, or call ', h('code', {}, 'POST /image/generate'), '.'));
      }
      clear(
        footer,
        cursor
          ? more
          : h(
              'span',
              { class: 'muted small' },
              grid.childElementCount ? (grid.childElementCount === 1 ? 'The only image so far.' : `All ${grid.childElementCount} images shown.`) : '',
            ),
      );
    } catch (error) {
      if (ctx.isCurrent()) clear(status, errorBox(error, 'Could not load the images'));
    } finally {
      more.disabled = false;
      more.textContent = 'Load more';
    }
  };
  more.addEventListener('click', load);
  await load();
}

function imageCard(image) {
  const title = image.templateName ?? 'Deleted template';
  return h(
    'li',
    { class: 'image-card', id: `image-${image.id}` },
    h(
      'a',
      { class: 'image-thumb', href: image.imageURL, target: '_blank', rel: 'noopener' },
      // A browser cannot show a PDF in an <img>: the card names the format, and the link opens the file.
      image.format === 'pdf'
        ? h('span', { class: 'image-thumb-pdf', 'aria-label': `${title}, ${image.width}×${image.height} pt PDF` }, 'PDF')
        : h('img', { src: image.imageURL, alt: `${title}, ${image.width}×${image.height} ${image.format.toUpperCase()}`, loading: 'lazy', decoding: 'async' }),
    ),
    h(
      'div',
      { class: 'image-meta' },
      h('p', { class: 'image-title' }, image.templateName ? title : h('span', { class: 'muted' }, title)),
      h('p', { class: 'muted small' }, formatDate(image.createdAt), ' · ', `${image.width}×${image.height} ${image.format.toUpperCase()}`),
      image.requestId ? h('p', { class: 'small' }, 'Request ', h('code', { class: 'ref-code', title: image.requestId }, image.requestId)) : null,
      h(
        'div',
        { class: 'image-actions' },
        h('a', { class: 'btn btn-small btn-ghost', href: image.imageURL, target: '_blank', rel: 'noopener' }, 'Open'),
        copyButton(image.imageURL, 'Copy URL', 'Image URL copied'),
      ),
    ),
  );
}
