// The sign-in screen: the developer pastes an API key, which is checked with
// GET /account before it is kept in this browser's localStorage.
import { probeKey } from '../api.js';
import { errorBox, h, icon } from '../dom.js';

export function renderKeyScreen(container, { reason, onKey }) {
  const input = h('input', {
    id: 'api-key', name: 'api-key', type: 'password', class: 'input input-mono', required: true,
    autocomplete: 'off', spellcheck: 'false', placeholder: 'imp_…', 'aria-describedby': 'api-key-help',
  });
  const reveal = h('button', {
    type: 'button', class: 'btn btn-ghost btn-small input-addon', 'aria-pressed': 'false', 'aria-controls': 'api-key',
    onclick: () => {
      const show = input.type === 'password';
      input.type = show ? 'text' : 'password';
      reveal.textContent = show ? 'Hide' : 'Show';
      reveal.setAttribute('aria-pressed', String(show));
    },
  }, 'Show');
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block' }, 'Continue');
  const feedback = h('div', { class: 'feedback' });
  if (reason) feedback.append(errorBox(reason, 'Signed out: the API key was rejected'));

  const form = h('form', {
    class: 'stack',
    novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const key = input.value.trim();
      feedback.replaceChildren();
      if (!key) {
        feedback.append(errorBox({ code: 'missing_key', message: 'Paste an API key first.' }, 'No key'));
        input.focus();
        return;
      }
      submit.disabled = true;
      submit.textContent = 'Checking…';
      try {
        const account = await probeKey(key);
        onKey(key, account);
      } catch (error) {
        feedback.append(errorBox(error, 'This key does not work'));
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      } finally {
        submit.disabled = false;
        submit.textContent = 'Continue';
      }
    },
  },
  h('div', { class: 'field' },
    h('label', { for: 'api-key', class: 'label' }, 'API key'),
    h('div', { class: 'input-group' }, input, reveal),
    h('p', { id: 'api-key-help', class: 'help' }, 'Kept in this browser only (localStorage) and sent as ', h('code', {}, 'Authorization: Bearer …'), ' to this server. Use “Forget key” to remove it.'),
  ),
  feedback,
  submit);

  container.append(
    h('section', { class: 'signin', 'aria-labelledby': 'signin-title' },
      h('div', { class: 'signin-card card' },
        h('div', { class: 'signin-icon' }, icon('key')),
        h('h1', { id: 'signin-title' }, 'Open your developer area'),
        h('p', { class: 'lead' }, 'Paste an Imprint API key to see your credits, manage your keys and try your templates.'),
        form,
        h('details', { class: 'hint' },
          h('summary', {}, 'Where do I get a key?'),
          h('p', {}, 'On its first run the server creates a demo account and prints its key once:'),
          h('pre', { class: 'code' }, 'export IMPRINT_KEY=imp_…'),
          h('p', {}, 'An administrator can create an account, or another key for an existing one, from the command line:'),
          h('pre', { class: 'code' }, 'npx imprint accounts create --name acme --credits 1000\nnpx imprint keys create --account acc_…'),
        ),
      ),
      h('p', { class: 'signin-foot muted' }, 'Looking for the endpoints? Read the ', h('a', { href: 'docs', target: '_blank', rel: 'noopener' }, 'API reference'), '.'),
    ),
  );
  input.focus();
}
