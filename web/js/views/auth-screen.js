// Sign in, sign up (open, or with an invite link) and set a new password from
// a reset link. The session itself is an HttpOnly cookie this script never sees.
import { errorBox, h, icon } from '../dom.js';

const MIN_PASSWORD = 10;

/**
 * @param {HTMLElement} container
 * @param {{ mode: 'signin' | 'signup' | 'reset', token: string | null, signup: 'open' | 'invite' | 'closed',
 *           reason: object | null, api: object, onSignedIn: (session: object) => void }} options
 */
export function renderAuthScreen(container, { mode, token, signup, reason, api, onSignedIn }) {
  const canSignUp = signup === 'open' || (signup === 'invite' && Boolean(token));
  if (mode === 'signup' && !canSignUp) mode = 'signin';
  if (mode === 'reset' && !token) mode = 'signin';
  const copy = {
    signin: { title: 'Sign in to Imprint', lead: 'Your templates, credits, API keys and a playground for each template.', submit: 'Sign in', busy: 'Signing in…' },
    signup: {
      title: 'Create your account',
      lead: 'Design templates, then render them through the API. New accounts start with free credits.',
      submit: 'Create account',
      busy: 'Creating…',
    },
    reset: { title: 'Choose a new password', lead: 'This link works once. Setting a password signs out every other browser.', submit: 'Set password and sign in', busy: 'Saving…' },
  }[mode];

  const field = (id, label, attrs, help) => {
    const input = h('input', { id, name: id, class: 'input', required: true, ...attrs, ...(help ? { 'aria-describedby': `${id}-help` } : {}) });
    return {
      input,
      el: h('div', { class: 'field' }, h('label', { for: id, class: 'label' }, label), input, help ? h('p', { id: `${id}-help`, class: 'help' }, help) : null),
    };
  };
  const email =
    mode === 'reset' ? null : field(`${mode}-email`, 'Email', { type: 'email', autocomplete: mode === 'signup' ? 'email' : 'username', spellcheck: 'false', maxlength: 254 });
  const password = field(
    `${mode}-password`,
    mode === 'signin' ? 'Password' : 'New password',
    {
      type: 'password',
      autocomplete: mode === 'signin' ? 'current-password' : 'new-password',
      minlength: mode === 'signin' ? null : MIN_PASSWORD,
      maxlength: 256,
    },
    mode === 'signin' ? null : `At least ${MIN_PASSWORD} characters. A few unrelated words make a good one.`,
  );

  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block' }, copy.submit);
  const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
  if (reason) feedback.append(errorBox(reason, 'You were signed out'));

  const markInvalid = (errors) => {
    for (const { path } of errors) {
      const target = path === 'email' ? email?.input : path === 'password' ? password.input : null;
      target?.setAttribute('aria-invalid', 'true');
    }
  };

  const form = h(
    'form',
    {
      class: 'stack',
      novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        feedback.replaceChildren();
        for (const input of form.querySelectorAll('input')) input.removeAttribute('aria-invalid');
        if (email && !email.input.value.trim()) {
          feedback.append(errorBox({ code: 'missing_email', message: 'Enter your email address.' }, 'Email missing'));
          email.input.setAttribute('aria-invalid', 'true');
          email.input.focus();
          return;
        }
        if (!password.input.value) {
          feedback.append(errorBox({ code: 'missing_password', message: 'Enter a password.' }, 'Password missing'));
          password.input.setAttribute('aria-invalid', 'true');
          password.input.focus();
          return;
        }
        submit.disabled = true;
        submit.textContent = copy.busy;
        try {
          const session =
            mode === 'signin'
              ? await api.signIn(email.input.value.trim(), password.input.value)
              : mode === 'signup'
                ? await api.signUp(email.input.value.trim(), password.input.value, signup === 'invite' ? token : null)
                : await api.resetPassword(token, password.input.value);
          onSignedIn(session);
        } catch (error) {
          const title =
            error.code === 'invalid_credentials'
              ? 'Wrong email or password'
              : error.code === 'rate_limited'
                ? 'Too many attempts'
                : error.code === 'invalid_token'
                  ? 'This link does not work'
                  : 'That did not work';
          feedback.append(errorBox(error, title));
          markInvalid(error.errors ?? []);
          if (error.code === 'invalid_credentials') password.input.setAttribute('aria-invalid', 'true');
          (form.querySelector('[aria-invalid="true"]') ?? password.input).focus();
        } finally {
          submit.disabled = false;
          submit.textContent = copy.submit;
        }
      },
    },
    email?.el,
    password.el,
    feedback,
    submit,
  );

  const switcher =
    mode === 'signin'
      ? canSignUp
        ? h('p', { class: 'muted' }, 'New here? ', h('a', { href: '#/signup' }, 'Create an account'))
        : signup === 'invite'
          ? h('p', { class: 'muted' }, 'Sign-up on this server is by invitation: ask its operator for an invite link.')
          : null
      : h('p', { class: 'muted' }, 'Already have an account? ', h('a', { href: '#/signin' }, 'Sign in'));

  container.append(
    h(
      'section',
      { class: 'signin', 'aria-labelledby': 'signin-title' },
      h(
        'div',
        { class: 'signin-card card' },
        h('div', { class: 'signin-icon' }, icon('key')),
        h('h1', { id: 'signin-title' }, copy.title),
        h('p', { class: 'lead' }, copy.lead),
        form,
        switcher,
        mode === 'signin'
          ? h(
              'details',
              { class: 'hint' },
              h('summary', {}, 'Forgot your password?'),
              h('p', {}, 'There is no mail server: the operator of this server can make you a one-time reset link with'),
              h('pre', { class: 'code' }, 'npx imprint users reset-password --email you@example.com'),
              h('p', {}, 'On its first run the server prints the demo user\u2019s email and password once.'),
            )
          : null,
      ),
      h(
        'p',
        { class: 'signin-foot muted' },
        'Scripts and tools use API keys (create them here after signing in). See the ',
        h('a', { href: 'docs', target: '_blank', rel: 'noopener' }, 'API reference'),
        '.',
      ),
    ),
  );
  (email?.input ?? password.input).focus();
}
