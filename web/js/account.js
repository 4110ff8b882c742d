// @ts-check
// Account pages: sign up, sign in, and the settings (change the password,
// sign out, delete the account).

import { api } from './api.js';
import { h } from './dom.js';
import { signOut } from './header.js';
import { navigate } from './router.js';
import { currentSession, knownSession, setSession } from './session.js';

/** Where to go after signing in: `?next=` if it is a page of this site. */
function next() {
  const target = new URLSearchParams(location.search).get('next') ?? '/';
  return target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

/**
 * A labelled field.
 * @param {string} id
 * @param {string} label
 * @param {Record<string, any>} attrs
 * @param {string} [hint]
 */
function field(id, label, attrs, hint) {
  const hintId = hint ? `${id}-hint` : null;
  return h('div', { class: 'field' },
    h('label', { for: id }, label),
    h('input', {
      id, name: id, required: true, 'aria-describedby': hintId, ...attrs,
    }),
    hint ? h('p', { class: 'hint', id: hintId }, hint) : null);
}

/**
 * A form that posts its fields with `submit(values)` and says why it
 * failed in its alert.
 * @param {string} title
 * @param {HTMLElement[]} fields
 * @param {string} action the button's label
 * @param {(values: Record<string, string>) => Promise<void>} submit
 */
function accountForm(title, fields, action, submit) {
  const titleId = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  const error = h('p', { class: 'form-error', role: 'alert' });
  const button = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, action));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'account-form', 'aria-labelledby': titleId },
    h('h2', { id: titleId }, title), fields, error, button));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const values = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    button.disabled = true;
    try {
      await submit(values);
    } catch (err) {
      error.textContent = `${err.message[0].toUpperCase()}${err.message.slice(1)}.`;
      form.querySelector('input')?.focus();
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

/** @param {HTMLElement} outlet */
export function mountSignUp(outlet) {
  const form = accountForm('Sign up', [
    field('account-name', 'Name', { autocomplete: 'username', minlength: 2, maxlength: 20, pattern: '[A-Za-z0-9_\\-]{2,20}' },
      '2 to 20 letters, digits, _ or -. Others see it; it cannot be changed.'),
    field('account-password', 'Password', { type: 'password', autocomplete: 'new-password', minlength: 8 },
      'At least 8 characters.'),
    field('account-confirm', 'Password again', { type: 'password', autocomplete: 'new-password', minlength: 8 }),
  ], 'Sign up', async (v) => {
    if (v['account-password'] !== v['account-confirm']) throw new Error('the two passwords differ');
    await knownSession();
    setSession(await api.signUp(v['account-name'], v['account-password']));
    navigate(next(), { replace: true });
  });
  outlet.append(h('div', { class: 'account-page' },
    h('h1', {}, 'Make an account'),
    h('p', {}, 'With an account you play rated games, keep your games on every device, and have a page of your own. Your games as a guest in this browser become your account\'s.'),
    form,
    h('p', {}, 'Have an account? ', h('a', { href: `/signin${location.search}` }, 'Sign in'), '.')));
  /** @type {HTMLInputElement | null} */ (outlet.querySelector('#account-name'))?.focus();
}

/** @param {HTMLElement} outlet */
export function mountSignIn(outlet) {
  const form = accountForm('Sign in', [
    field('account-name', 'Name', { autocomplete: 'username', maxlength: 20 }),
    field('account-password', 'Password', { type: 'password', autocomplete: 'current-password' }),
  ], 'Sign in', async (v) => {
    await knownSession();
    setSession(await api.signIn(v['account-name'], v['account-password']));
    navigate(next(), { replace: true });
  });
  outlet.append(h('div', { class: 'account-page' },
    h('h1', {}, 'Sign in'),
    form,
    h('p', {}, 'No account yet? ', h('a', { href: `/signup${location.search}` }, 'Sign up'), '.')));
  /** @type {HTMLInputElement | null} */ (outlet.querySelector('#account-name'))?.focus();
}

/** @param {HTMLElement} outlet */
export function mountSettings(outlet) {
  const page = h('div', { class: 'account-page' }, h('h1', {}, 'Settings'), h('p', {}, 'Loading…'));
  outlet.append(page);
  (async () => {
    await knownSession().catch(() => null);
    const session = currentSession();
    if (!session?.account) {
      page.replaceChildren(h('h1', {}, 'Settings'),
        h('p', {}, 'You are not signed in. ', h('a', { href: '/signin?next=/account' }, 'Sign in'), '.'));
      return;
    }
    const done = h('p', { class: 'done', role: 'status' });
    const password = accountForm('Change the password', [
      field('current-password', 'Current password', { type: 'password', autocomplete: 'current-password' }),
      field('new-password', 'New password', { type: 'password', autocomplete: 'new-password', minlength: 8 },
        'At least 8 characters. Your other devices will be signed out.'),
    ], 'Change the password', async (v) => {
      await api.changePassword(v['current-password'], v['new-password']);
      done.textContent = 'Your password is changed; your other devices are signed out.';
    });
    const remove = accountForm('Delete the account', [
      field('delete-password', 'Password', { type: 'password', autocomplete: 'current-password' },
        'Your games in progress are resigned; your finished games stay, under the name "Deleted player". This cannot be undone.'),
    ], 'Delete my account', async (v) => {
      await api.deleteAccount(v['delete-password']);
      setSession(null);
      navigate('/');
    });
    remove.classList.add('danger-zone');
    page.replaceChildren(
      h('h1', {}, 'Settings'),
      h('p', {}, 'Signed in as ', h('a', { href: `/player/${encodeURIComponent(session.name)}` }, session.name), '.'),
      done,
      password,
      h('section', { class: 'sign-out', 'aria-labelledby': 'sign-out-title' },
        h('h2', { id: 'sign-out-title' }, 'Sign out'),
        h('p', {}, 'Signs out this browser only.'),
        h('button', { type: 'button', onclick: signOut }, 'Sign out')),
      remove);
  })();
}
