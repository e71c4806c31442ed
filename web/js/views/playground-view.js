// A template's playground: edit every overridable property of its elements,
// preview for free (POST /image/preview) or generate an image (POST /image/generate,
// 1 credit), see the result, its cost, and the same request as code.
import { apiUrl } from '../api.js';
import { SNIPPETS } from '../snippets.js';
import { clear, copyButton, errorBox, formatNumber, h, icon, revokeButton } from '../dom.js';
import { changesOf, generateBody, previewBody } from '../playground-changes.js';
import { elementGroup } from './element-group.js';
import { signedUrlCard } from './signed-url-card.js';

export async function renderPlayground(container, ctx, templateId) {
  document.title = 'Playground · Imprint';
  const title = h('h1', {}, 'Template');
  const meta = h('p', { class: 'muted meta-line' });
  const actions = h('div', { class: 'row-actions' });
  container.append(
    h('nav', { class: 'breadcrumb', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/templates' }, icon('back'), 'Templates')),
    h('div', { class: 'page-header' }, h('div', {}, title, meta), actions),
  );
  const loading = h('p', { class: 'empty', 'aria-busy': 'true' }, 'Loading the template…');
  container.append(loading);

  let template;
  let elements;
  let described;
  try {
    [template, { elements }, { elements: described }] = await Promise.all([ctx.api.template(templateId), ctx.api.basicElements(templateId), ctx.api.elementFields(templateId)]);
  } catch (error) {
    if (ctx.isCurrent()) loading.replaceWith(errorBox(error, 'Could not open this template'));
    return;
  }
  if (!ctx.isCurrent()) return;
  document.title = `${template.name} · Imprint`;
  title.textContent = template.name;
  actions.append(
    h('a', { href: `editor?template=${encodeURIComponent(template.id)}`, class: 'btn btn-small btn-secondary' }, icon('pencil'), 'Edit'),
    revokeButton({
      text: 'Delete',
      label: `Delete ${template.name}`,
      title: 'Delete this template?',
      body: [
        h(
          'p',
          {},
          `“${template.name}” (`,
          h('code', {}, template.id),
          ') is deleted with its saved revisions. API calls that name it get ',
          h('code', {}, '404 template_not_found'),
          '; images already made from it stay.',
        ),
      ],
      confirmLabel: 'Delete template',
      revoke: () => ctx.api.deleteTemplate(template.id),
      revokedMessage: `Template “${template.name}” deleted`,
      reload: async () => {
        location.hash = '#/templates';
      },
    }),
  );
  clear(
    meta,
    h('span', { class: 'id-cell' }, h('code', {}, template.id), copyButton(template.id, '', 'Template id copied')),
    h('span', {}, `${template.template.width} × ${template.template.height} px`),
    h('span', {}, `${Object.keys(elements).length} elements`),
  );

  const state = { format: 'png', scale: 1 };
  const upload = (file) => ctx.api.uploadAsset(file);
  const fields = described.map((element) => elementGroup(element, elements[element.name], refreshCurl, upload));
  let language = SNIPPETS[0];
  const curlPre = h('pre', { class: 'code code-block', tabindex: '0', 'aria-label': 'The request as a curl command' });
  const languageButtons = SNIPPETS.map((snippet) =>
    h(
      'button',
      {
        type: 'button',
        class: 'seg-button',
        'aria-pressed': String(snippet === language),
        onclick: () => {
          language = snippet;
          for (const [i, b] of languageButtons.entries()) b.setAttribute('aria-pressed', String(SNIPPETS[i] === language));
          curlPre.setAttribute('aria-label', `The request as ${snippet.id === 'curl' ? 'a curl command' : snippet.label}`);
          refreshCurl();
        },
      },
      snippet.label,
    ),
  );
  const generateButton = h('button', { type: 'submit', class: 'btn btn-primary btn-large' }, icon('sparkle'), 'Generate image');
  const previewButton = h('button', { type: 'button', class: 'btn btn-secondary btn-large', onclick: () => preview() }, 'Preview (free)');
  let previewUrl = null;
  const resetAll = h('button', { type: 'button', class: 'btn btn-ghost', onclick: () => fields.forEach((f) => f.reset()) }, icon('reset'), 'Reset all');
  const formatSelect = h(
    'select',
    {
      id: 'opt-format',
      class: 'input',
      onchange: () => {
        state.format = formatSelect.value;
        refreshCurl();
      },
    },
    ['png', 'jpeg', 'webp', 'pdf'].map((f) => h('option', { value: f }, f.toUpperCase())),
  );
  const scaleInput = h('input', {
    id: 'opt-scale',
    type: 'number',
    class: 'input',
    min: '0.1',
    max: '4',
    step: '0.1',
    value: '1',
    oninput: () => {
      state.scale = Number(scaleInput.value) || 1;
      refreshCurl();
    },
  });
  const result = h('div', { class: 'result', 'aria-live': 'polite' }, placeholder());
  const previewCard = h(
    'section',
    { class: 'card preview-card', 'aria-labelledby': 'result-title' },
    h('div', { class: 'card-header' }, h('h2', { id: 'result-title' }, 'Result')),
    result,
  );

  const changes = () => changesOf(fields.map((field) => [field.name, field.changes()]));
  function requestBody() {
    return generateBody(templateId, changes(), state);
  }

  /** Free and separate from Generate: PNG bytes at 1×, nothing stored, no URL, no credit. */
  async function preview() {
    previewButton.disabled = true;
    result.setAttribute('aria-busy', 'true');
    result.classList.add('busy');
    fields.forEach((f) => f.setError(null));
    try {
      const { png, remainingToday } = await ctx.api.preview(previewBody(templateId, changes()));
      if (!ctx.isCurrent()) return;
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      previewUrl = URL.createObjectURL(png);
      clear(
        result,
        h(
          'div',
          { class: 'stack' },
          h('div', { class: 'image-frame' }, h('img', { src: previewUrl, alt: `Free preview of the template “${template.name}” with your changes`, class: 'result-image' })),
          h(
            'p',
            { class: 'muted small', id: 'preview-note' },
            'Preview: rendered by the API exactly as Generate would, but not stored, with no URL and no credit used.',
            remainingToday === null ? '' : ` Free previews left today: ${remainingToday}.`,
          ),
        ),
      );
    } catch (error) {
      if (!ctx.isCurrent()) return;
      clear(result, errorBox(error, 'Preview failed'));
      markFieldErrors(error, fields);
    } finally {
      previewButton.disabled = false;
      result.removeAttribute('aria-busy');
      result.classList.remove('busy');
    }
  }

  function refreshCurl() {
    curlPre.textContent = language.render({ method: 'POST', url: apiUrl('/image/generate'), body: requestBody() });
  }

  async function generate(event) {
    event.preventDefault();
    const body = requestBody();
    generateButton.disabled = true;
    generateButton.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Generating…');
    result.setAttribute('aria-busy', 'true');
    result.classList.add('busy');
    fields.forEach((f) => f.setError(null));
    try {
      const response = await ctx.api.generate(body);
      if (!ctx.isCurrent()) return;
      ctx.setCredits(response.usage.remainingCredits);
      clear(result, success(response, template.name));
      // On narrow screens the result sits below the form, out of sight.
      if (result.getBoundingClientRect().top > window.innerHeight) previewCard.scrollIntoView({ behavior: 'smooth', block: 'start' });
    } catch (error) {
      if (!ctx.isCurrent()) return;
      clear(result, errorBox(error, 'Generation failed — no credit was used'));
      markFieldErrors(error, fields);
      if (typeof error.statusCode === 'number' && error.code !== 'insufficient_credits') ctx.refreshAccount().catch(() => {});
    } finally {
      generateButton.disabled = false;
      generateButton.replaceChildren(icon('sparkle'), 'Generate image');
      result.removeAttribute('aria-busy');
      result.classList.remove('busy');
    }
  }

  const form = h(
    'form',
    {
      class: 'card elements-card',
      'aria-labelledby': 'elements-title',
      novalidate: true,
      onsubmit: generate,
      onkeydown: (event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.requestSubmit();
      },
    },
    h('div', { class: 'card-header' }, h('h2', { id: 'elements-title' }, 'Elements'), resetAll),
    fields.length ? elementsList(fields) : h('p', { class: 'empty' }, 'This template has no named elements: it always renders the same image.'),
    h(
      'div',
      { class: 'options-row' },
      h('div', { class: 'field field-inline' }, h('label', { for: 'opt-format', class: 'label' }, 'Format'), formatSelect),
      h('div', { class: 'field field-inline' }, h('label', { for: 'opt-scale', class: 'label' }, 'Scale'), scaleInput),
    ),
    h(
      'div',
      { class: 'form-actions' },
      previewButton,
      generateButton,
      h('p', { class: 'muted small' }, 'Preview is free (PNG, not stored). Generate costs 1 credit. ', h('kbd', {}, 'Ctrl'), ' + ', h('kbd', {}, 'Enter'), ' also generates.'),
    ),
  );

  const curlCard = h(
    'section',
    { class: 'card', 'aria-labelledby': 'curl-title' },
    h(
      'div',
      { class: 'card-header' },
      h('h2', { id: 'curl-title' }, 'As code'),
      copyButton(() => curlPre.textContent, 'Copy', 'Code copied'),
    ),
    h('div', { class: 'seg', role: 'group', 'aria-label': 'Language' }, languageButtons),
    curlPre,
    h(
      'p',
      { class: 'muted small card-note' },
      'Exactly the request the Generate button sends; it follows your edits. Each reads the key from the ',
      h('code', {}, 'IMPRINT_KEY'),
      ' environment variable: run ',
      h('code', {}, 'export IMPRINT_KEY=imp_…'),
      ' first.',
    ),
  );

  refreshCurl();
  loading.replaceWith(
    h('div', { class: 'playground' }, form, h('div', { class: 'playground-side' }, previewCard, curlCard, signedUrlCard(ctx, { templateId, changes, format: () => state.format }))),
  );
}

/**
 * Text and images are what callers change per request; shapes and lines
 * (backgrounds, rules, frames) rarely are, so they start folded away. A folded
 * group opens by itself when one of its fields gets an error.
 */
function elementsList(fields) {
  const content = fields.filter((f) => f.property === 'text' || f.property === 'src');
  const decorative = fields.filter((f) => f.property !== 'text' && f.property !== 'src');
  if (!content.length || !decorative.length)
    return h(
      'div',
      { class: 'elements-list' },
      fields.map((f) => f.root),
    );
  const folded = h(
    'details',
    { class: 'decorative' },
    h('summary', {}, `Shapes and colours (${decorative.length})`),
    h(
      'div',
      { class: 'elements-list' },
      decorative.map((f) => f.root),
    ),
  );
  for (const field of decorative) {
    const setError = field.setError;
    field.setError = (message, property) => {
      if (message) folded.open = true;
      setError(message, property);
    };
  }
  return h(
    'div',
    {},
    h(
      'div',
      { class: 'elements-list' },
      content.map((f) => f.root),
    ),
    folded,
  );
}

function placeholder() {
  return h(
    'div',
    { class: 'placeholder' },
    icon('image'),
    h('p', {}, 'Edit the elements, then press ', h('strong', {}, 'Generate image'), '.'),
    h('p', { class: 'muted small' }, 'The rendered image and its URL appear here.'),
  );
}

function success(response, name) {
  const { usage, details } = response;
  const frame = details.format === 'pdf' ? pdfFrame(response.imageURL, name) : imageFrame(response.imageURL, name);
  return h(
    'div',
    { class: 'stack' },
    frame,
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', for: 'image-url' }, 'imageURL'),
      h(
        'div',
        { class: 'input-group' },
        h('input', { id: 'image-url', class: 'input input-mono', readonly: true, value: response.imageURL, onfocus: (e) => e.target.select() }),
        copyButton(response.imageURL, 'Copy', 'Image URL copied'),
        h('a', { class: 'btn btn-small btn-ghost', href: response.imageURL, target: '_blank', rel: 'noopener' }, icon('external'), 'Open'),
      ),
    ),
    h(
      'dl',
      { class: 'facts' },
      fact('Credits used', formatNumber(usage.creditsUsed)),
      fact('Credits left', `${formatNumber(usage.remainingCredits)} of ${formatNumber(usage.previousCredits)}`),
      fact('Size', `${details.dimensions.width} × ${details.dimensions.height}${details.format === 'pdf' ? ' pt' : ''} ${details.format.toUpperCase()}`),
      fact('Time', response.requestCompletionTime),
    ),
  );
}

function imageFrame(url, name) {
  const image = h('img', { src: url, alt: `Generated image from the template “${name}”`, class: 'result-image', decoding: 'async' });
  const frame = h('a', { href: url, target: '_blank', rel: 'noopener', class: 'image-frame', title: 'Open the image in a new tab' }, image);
  image.addEventListener('error', () =>
    frame.replaceWith(
      errorBox(
        { code: 'image_load_failed', message: `The browser could not load ${url}. If PUBLIC_URL names another host, check that it is reachable from here.` },
        'Image not shown',
      ),
    ),
  );
  return frame;
}

/** An <img> cannot show a PDF, and an embedded viewer is missing from some browsers (and headless ones): a link is what always works. */
function pdfFrame(url, name) {
  return h(
    'a',
    { href: url, target: '_blank', rel: 'noopener', class: 'pdf-frame' },
    icon('document'),
    h('strong', {}, `Open the PDF of “${name}”`),
    h('span', { class: 'muted small' }, 'One page; it opens in a new tab.'),
  );
}

function fact(label, value) {
  return h('div', { class: 'fact' }, h('dt', {}, label), h('dd', {}, value));
}

/** Puts each field error from the API (paths like `elements.title.fill`) under its input. */
function markFieldErrors(error, fields) {
  const issues = Array.isArray(error.errors) ? error.errors : [];
  // Paths name the element with or without the body field in front: `title.fill`, `elements.title.fill`.
  const names = (path) => [path, path.replace(/^(elements|modifications)\./, '')];
  for (const field of fields) {
    const own = issues.filter((e) => names(e.path).some((p) => p === field.name || p.startsWith(`${field.name}.`)));
    const byProperty = new Map();
    for (const e of own) {
      const property =
        names(e.path)
          .filter((p) => p.startsWith(`${field.name}.`))
          .map((p) => p.slice(field.name.length + 1))[0] ?? null;
      byProperty.set(property, [...(byProperty.get(property) ?? []), e.message]);
    }
    for (const [property, messages] of byProperty) field.setError(messages.join('; '), property ?? undefined);
  }
  if (error.code === 'unknown_element' || error.code === 'invalid_property' || error.code === 'image_fetch_failed') {
    const named = fields.find((f) => error.message.includes(`"${f.name}"`));
    if (named && !issues.length) named.setError(error.message);
  }
}
