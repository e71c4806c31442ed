// The signed-in user's password and sessions: change the password (every other
// browser is signed out) and sign out everywhere.
import { errorBox, h, toast } from '../dom.js';

export function securityPanel(ctx) {
  const current = h('input', {
    id: 'current-password',
    name: 'current-password',
    type: 'password',
    class: 'input',
    autocomplete: 'current-password',
    required: true,
    maxlength: 256,
  });
  const next = h('input', {
    id: 'new-password',
    name: 'new-password',
    type: 'password',
    class: 'input',
    autocomplete: 'new-password',
    required: true,
    minlength: 10,
    maxlength: 256,
    'aria-describedby': 'new-password-help',
  });
  const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Change password');
  const form = h(
    'form',
    {
      class: 'stack',
      novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        feedback.replaceChildren();
        current.removeAttribute('aria-invalid');
        next.removeAttribute('aria-invalid');
        submit.disabled = true;
        try {
          const { endedSessions } = await ctx.api.changePassword(current.value, next.value);
          form.reset();
          toast(`Password changed${endedSessions ? `; ${endedSessions} other session${endedSessions === 1 ? '' : 's'} signed out` : ''}`, 'success');
        } catch (error) {
          feedback.append(errorBox(error, 'The password was not changed'));
          for (const { path } of error.errors ?? []) (path === 'currentPassword' ? current : next).setAttribute('aria-invalid', 'true');
          (form.querySelector('[aria-invalid="true"]') ?? current).focus();
        } finally {
          submit.disabled = false;
        }
      },
    },
    h('div', { class: 'field' }, h('label', { for: 'current-password', class: 'label' }, 'Current password'), current),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'new-password', class: 'label' }, 'New password'),
      next,
      h('p', { id: 'new-password-help', class: 'help' }, 'At least 10 characters. Every other browser signed in to this account is signed out.'),
    ),
    feedback,
    submit,
  );

  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'security-title' },
    h('div', { class: 'card-header' }, h('h2', { id: 'security-title' }, 'Sign-in and security')),
    h(
      'div',
      { class: 'card-body stack' },
      h('p', { class: 'muted' }, 'Signed in as ', h('strong', {}, ctx.session.email), '.'),
      form,
      h(
        'div',
        { class: 'stack' },
        h('p', { class: 'muted' }, 'Left a browser signed in somewhere? End every session of this user, this one included. API keys keep working.'),
        h('div', {}, h('button', { type: 'button', class: 'btn btn-secondary', onclick: () => ctx.signOut({ everywhere: true }) }, 'Sign out everywhere')),
      ),
    ),
  );
}
