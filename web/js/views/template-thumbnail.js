// A template's thumbnail (GET /templates/{id}/thumbnail), made by the server's
// renderer when the template is saved. The URL names the version (?v=updatedAt),
// so the browser keeps it until the template changes; the session cookie
// authenticates it like any other request of this page.
import { apiUrl } from '../api.js';
import { h } from '../dom.js';

export function templateThumbnail(template) {
  const img = h('img', {
    src: apiUrl(`/templates/${encodeURIComponent(template.id)}/thumbnail?v=${encodeURIComponent(template.updatedAt)}`),
    alt: `Thumbnail of “${template.name}”`,
    class: 'template-thumb-img',
    loading: 'lazy',
    decoding: 'async',
  });
  const frame = h('span', { class: 'template-thumb' }, img);
  // A template that cannot be rendered (an image that no longer loads) keeps an empty frame, not a broken icon.
  img.addEventListener('error', () => frame.replaceChildren(h('span', { class: 'template-thumb-missing' }, 'No preview')));
  return frame;
}
