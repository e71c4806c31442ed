// Account: name, balance and the credit ledger (GET /account, GET /account/usage).
import { clear, copyButton, errorBox, formatDate, formatNumber, h } from '../dom.js';
import { securityPanel } from './security-panel.js';

const REASONS = {
  grant: { label: 'Grant', kind: 'success' },
  generate: { label: 'Image generated', kind: 'neutral' },
  refund: { label: 'Refund', kind: 'info' },
};

export async function renderAccount(container, ctx) {
  document.title = 'Account · Imprint';
  const header = h(
    'div',
    { class: 'page-header' },
    h('div', {}, h('h1', {}, 'Account'), h('p', { class: 'muted' }, 'Your balance and every credit movement. Each generated image costs 1 credit; failed requests cost nothing.')),
  );
  const summary = h('div', { class: 'stat-grid', 'aria-busy': 'true' }, skeletonStat(), skeletonStat(), skeletonStat());
  const ledger = h('section', { class: 'card', 'aria-labelledby': 'ledger-title' }, h('div', { class: 'card-header' }, h('h2', { id: 'ledger-title' }, 'Credit ledger')));
  container.append(header, summary, ledger, securityPanel(ctx));

  let account;
  try {
    account = await ctx.refreshAccount();
  } catch (error) {
    if (!ctx.isCurrent()) return;
    clear(summary, errorBox(error, 'Could not load the account'));
    summary.removeAttribute('aria-busy');
    return;
  }
  if (!ctx.isCurrent()) return;
  summary.removeAttribute('aria-busy');
  clear(
    summary,
    stat(
      'Credit balance',
      h('span', { class: 'stat-value' }, formatNumber(account.credits)),
      account.credits < 1 ? 'Generation is paused until credits are granted.' : `${formatNumber(account.credits)} more image${account.credits === 1 ? '' : 's'}`,
    ),
    stat('Account name', h('span', { class: 'stat-value stat-text' }, account.name)),
    stat('Account id', h('span', { class: 'stat-id' }, h('code', {}, account.id), copyButton(account.id, 'Copy', 'Account id copied'))),
  );

  const body = h('tbody');
  const table = h(
    'table',
    { class: 'table' },
    h('caption', { class: 'visually-hidden' }, 'Credit ledger, newest first'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'When'),
        h('th', { scope: 'col' }, 'What'),
        h('th', { scope: 'col', class: 'num' }, 'Change'),
        h('th', { scope: 'col', class: 'num hide-sm' }, 'Balance after'),
        h('th', { scope: 'col', class: 'hide-sm' }, 'Reference'),
      ),
    ),
    body,
  );
  const more = h('button', { type: 'button', class: 'btn btn-secondary' }, 'Load more');
  const footer = h('div', { class: 'card-footer' });
  const status = h('div');
  ledger.append(h('div', { class: 'table-wrap' }, table), status, footer);

  let cursor = null;
  const load = async () => {
    more.disabled = true;
    more.textContent = 'Loading…';
    try {
      const page = await ctx.api.usage(cursor);
      if (!ctx.isCurrent()) return;
      for (const entry of page.entries) body.append(ledgerRow(entry));
      cursor = page.nextCursor;
      if (body.childElementCount === 0) clear(status, h('p', { class: 'empty' }, 'No credit movements yet.'));
      clear(footer, cursor ? more : h('span', { class: 'muted small' }, body.childElementCount ? `All ${body.childElementCount} entries shown.` : ''));
    } catch (error) {
      if (!ctx.isCurrent()) return;
      clear(status, errorBox(error, 'Could not load the ledger'));
    } finally {
      more.disabled = false;
      more.textContent = 'Load more';
    }
  };
  more.addEventListener('click', load);
  await load();
}

function ledgerRow(entry) {
  const reason = REASONS[entry.reason] ?? { label: entry.reason, kind: 'neutral' };
  const positive = entry.delta > 0;
  return h(
    'tr',
    {},
    h('td', { class: 'nowrap' }, formatDate(entry.createdAt)),
    h('td', {}, h('span', { class: `badge badge-${reason.kind}` }, reason.label), ledgerLink(entry)),
    h('td', { class: `num delta ${positive ? 'delta-plus' : 'delta-minus'}` }, `${positive ? '+' : '−'}${formatNumber(Math.abs(entry.delta))}`),
    h('td', { class: 'num hide-sm' }, formatNumber(entry.balanceAfter)),
    h('td', { class: 'ref hide-sm' }, entry.reference ? h('code', { title: entry.reference }, entry.reference) : h('span', { class: 'muted' }, '—')),
  );
}

/** Where a row leads: the image a charge paid for, or the failed request a refund gave back. */
function ledgerLink(entry) {
  if (entry.imageURL) {
    return h('div', { class: 'ledger-link small' }, h('a', { href: entry.imageURL, target: '_blank', rel: 'noopener' }, 'View image'));
  }
  if (entry.refundOf) {
    return h('div', { class: 'ledger-link small muted' }, 'Failed request ', h('code', { class: 'ref-code', title: entry.refundOf }, entry.refundOf));
  }
  if (entry.reason === 'generate' && entry.state === 'committed') {
    return h('div', { class: 'ledger-link small muted' }, 'Same image as an earlier request');
  }
  return null;
}

function stat(label, value, note) {
  return h('div', { class: 'card stat' }, h('p', { class: 'stat-label' }, label), value, note ? h('p', { class: 'muted small' }, note) : null);
}

function skeletonStat() {
  return h('div', { class: 'card stat' }, h('p', { class: 'stat-label skeleton' }, '\u00a0'), h('span', { class: 'stat-value skeleton' }, '\u00a0'));
}
