// Small DOM helpers. Everything is built with createElement and textContent,
// never innerHTML, so API data (template names, texts) cannot inject markup.

/**
 * h('button', { class: 'btn', onclick: fn }, 'Label', child)
 * Attributes starting with "on" become listeners; false/null attributes are skipped.
 */
/**
 * A table in its scrolling wrapper, with a header row of `columns`
 * (`{ label, class?, hidden? }`; `hidden` keeps the label for screen readers only).
 */
export function dataTable(columns, body) {
  const heads = columns.map((c) => h('th', { scope: 'col', class: c.class }, c.hidden ? h('span', { class: 'visually-hidden' }, c.label) : c.label));
  return h('div', { class: 'table-wrap' }, h('table', { class: 'table' }, h('thead', {}, h('tr', {}, heads)), body));
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name in el && typeof value !== 'string') el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatDate(iso) {
  if (!iso) return '—';
  return dateFormat.format(new Date(iso));
}

/** "3 minutes ago", with the exact time in the title for hover. */
export function timeAgo(iso) {
  if (!iso) return h('span', { class: 'muted' }, 'Never');
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const steps = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [30, 'day'],
    [12, 'month'],
    [Infinity, 'year'],
  ];
  let value = seconds;
  let unit = 'second';
  for (const [size, name] of steps) {
    unit = name;
    if (Math.abs(value) < size) break;
    value /= size;
  }
  return h('time', { datetime: iso, title: formatDate(iso) }, relativeFormat.format(Math.round(value), unit));
}

export function formatNumber(n) {
  return new Intl.NumberFormat().format(n);
}

let announcer;
/** Brief status message, read out by screen readers and shown as a toast. */
export function toast(message, kind = 'info') {
  announcer ??= document.getElementById('toast');
  if (!announcer) return;
  announcer.textContent = message;
  announcer.dataset.kind = kind;
  announcer.classList.add('visible');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => announcer.classList.remove('visible'), 2600);
}

export async function copyText(text, what = 'Copied') {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API needs a secure context (https or localhost); fall back to a hidden textarea.
    const area = h('textarea', { class: 'visually-hidden', readonly: true }, text);
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) {
      toast('Copy failed — select the text and copy it manually.', 'error');
      return;
    }
  }
  toast(`${what} to the clipboard`, 'success');
}

export function copyButton(getText, label = 'Copy', what) {
  return h(
    'button',
    {
      type: 'button',
      class: `btn btn-small btn-ghost${label ? '' : ' btn-icon'}`,
      'aria-label': label ? null : 'Copy',
      title: label ? null : 'Copy',
      onclick: () => copyText(typeof getText === 'function' ? getText() : getText, what),
    },
    icon('copy'),
    label,
  );
}

const ICONS = {
  copy: 'M8 8V5a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-3M5 8h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2z',
  key: 'M15 7a4 4 0 1 1-3.9 4.9L3 20v-3h3v-3h3l1.1-1.1A4 4 0 0 1 15 7zm1.5 2.5h.01',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z',
  back: 'M15 18l-6-6 6-6',
  reset: 'M4 4v6h6M4.5 15a8 8 0 1 0 1.8-8.3L4 10',
  plus: 'M12 5v14M5 12h14',
  pencil: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  alert: 'M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  document: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm7 0v5h5M9 13h6M9 17h6',
  image: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm0 11 5-5 4 4 3-3 4 4M15.5 9.5h.01',
  arrowUp: 'M12 19V5m-6 6 6-6 6 6',
  arrowDown: 'M12 5v14m-6-6 6 6 6-6',
  sort: 'M8 9l4-4 4 4M8 15l4 4 4-4',
};

export function icon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

/** The API's error, shown with its code, message, field errors and request id. */
export function errorBox(error, title = 'The request failed') {
  const code = error?.code ?? 'error';
  // A single field error usually repeats the message; list field errors only when they add something.
  const fields = (Array.isArray(error?.errors) ? error.errors : []).filter((f, _, all) => all.length > 1 || (f.message !== error.message && !error.message?.includes(f.message)));
  return h(
    'div',
    { class: 'callout callout-error', role: 'alert' },
    icon('alert'),
    h(
      'div',
      {},
      h(
        'p',
        { class: 'callout-title' },
        title,
        ' ',
        h('code', { class: 'badge badge-error' }, code),
        error?.statusCode ? h('span', { class: 'muted small' }, ` HTTP ${error.statusCode}`) : null,
      ),
      h('p', {}, error?.message ?? String(error)),
      fields.length
        ? h(
            'ul',
            { class: 'field-errors' },
            fields.map((f) => h('li', {}, h('code', {}, f.path), ' ', f.message)),
          )
        : null,
      error?.requestId ? h('p', { class: 'muted small' }, 'Request id: ', h('code', {}, error.requestId)) : null,
    ),
  );
}

/** A modal confirm built on <dialog>, which gives focus trapping and Escape for free. */
export function confirmDialog({ title, body, confirmLabel, danger = false }) {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { class: 'dialog', 'aria-labelledby': 'dialog-title' },
      h(
        'form',
        { method: 'dialog' },
        h('h2', { id: 'dialog-title' }, title),
        h('div', { class: 'dialog-body' }, body),
        h(
          'div',
          { class: 'dialog-actions' },
          h('button', { class: 'btn btn-secondary', value: 'cancel', autofocus: true }, 'Cancel'),
          h('button', { class: danger ? 'btn btn-danger' : 'btn btn-primary', value: 'confirm' }, confirmLabel),
        ),
      ),
    );
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'confirm');
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/**
 * A row's Revoke button: asks first (the dialog says what stops working), then
 * revokes, reports it and reloads the list; a failure re-enables the button.
 */
export function revokeButton({ label, title, body, confirmLabel, revoke, revokedMessage, reload, text = 'Revoke' }) {
  const button = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-small btn-danger-ghost',
      'aria-label': label,
      onclick: async () => {
        const ok = await confirmDialog({ title, body: [...body, h('p', { class: 'muted' }, 'This cannot be undone.')], confirmLabel, danger: true });
        if (!ok) return;
        button.disabled = true;
        try {
          await revoke();
          toast(revokedMessage, 'success');
          await reload();
        } catch (error) {
          button.disabled = false;
          toast(error.message, 'error');
        }
      },
    },
    text,
  );
  return button;
}
