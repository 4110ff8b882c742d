// @ts-check
// Account pages: sign up, sign in, and the settings (change the password,
// sign out, delete the account).

import { api } from './api.js';
import { asSentence, h } from './dom.js';
import { signOut } from './header.js';
import { navigate } from './router.js';
import { currentSession, knownSession, setSession } from './session.js';
import { languageChanged, t } from './i18n.js';

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
 * @param {string} name the form's name in the page ("sign-in": its title is #sign-in-title)
 * @param {string} title
 * @param {HTMLElement[]} fields
 * @param {string} action the button's label
 * @param {(values: Record<string, string>) => Promise<void>} submit
 */
function accountForm(name, title, fields, action, submit) {
  const titleId = `${name}-title`;
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
      error.textContent = asSentence(err.message);
      form.querySelector('input')?.focus();
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

/** @param {HTMLElement} outlet */
export function mountSignUp(outlet) {
  const form = accountForm('sign-up', t('sign-up'), [
    field('account-name', t('account-name'), { autocomplete: 'username', minlength: 2, maxlength: 20, pattern: '[A-Za-z0-9_\\-]{2,20}' },
      t('account-name-hint')),
    field('account-password', t('account-password'), { type: 'password', autocomplete: 'new-password', minlength: 8 },
      t('account-password-hint')),
    field('account-confirm', t('account-password-again'), { type: 'password', autocomplete: 'new-password', minlength: 8 }),
  ], t('sign-up'), async (v) => {
    if (v['account-password'] !== v['account-confirm']) throw new Error(t('account-passwords-differ'));
    await knownSession();
    setSession(await api.signUp(v['account-name'], v['account-password']));
    navigate(next(), { replace: true });
  });
  outlet.append(h('div', { class: 'account-page' },
    h('h1', {}, t('account-make')),
    h('p', {}, t('account-why')),
    form,
    h('p', {}, t('account-have-one'), ' ', h('a', { href: `/signin${location.search}` }, t('sign-in')), '.')));
  /** @type {HTMLInputElement | null} */ (outlet.querySelector('#account-name'))?.focus();
}

/** @param {HTMLElement} outlet */
export function mountSignIn(outlet) {
  const form = accountForm('sign-in', t('sign-in'), [
    field('account-name', t('account-name'), { autocomplete: 'username', maxlength: 20 }),
    field('account-password', t('account-password'), { type: 'password', autocomplete: 'current-password' }),
  ], t('sign-in'), async (v) => {
    await knownSession();
    setSession(await api.signIn(v['account-name'], v['account-password']));
    // The account's language, if it has one, is the page's from now on.
    if (await languageChanged()) location.replace(next());
    else navigate(next(), { replace: true });
  });
  outlet.append(h('div', { class: 'account-page' },
    h('h1', {}, t('sign-in')),
    form,
    h('p', {}, t('account-none-yet'), ' ', h('a', { href: `/signup${location.search}` }, t('sign-up')), '.')));
  /** @type {HTMLInputElement | null} */ (outlet.querySelector('#account-name'))?.focus();
}

/** @param {HTMLElement} outlet */
export function mountSettings(outlet) {
  const page = h('div', { class: 'account-page' }, h('h1', {}, t('me-settings')), h('p', {}, t('loading')));
  outlet.append(page);
  (async () => {
    await knownSession().catch(() => null);
    const session = currentSession();
    if (!session?.account) {
      page.replaceChildren(h('h1', {}, t('me-settings')),
        h('p', {}, t('account-not-signed-in'), ' ', h('a', { href: '/signin?next=/account' }, t('sign-in')), '.'));
      return;
    }
    const done = h('p', { class: 'done', role: 'status' });
    const password = accountForm('change-the-password', t('account-change-password'), [
      field('current-password', t('account-current-password'), { type: 'password', autocomplete: 'current-password' }),
      field('new-password', t('account-new-password'), { type: 'password', autocomplete: 'new-password', minlength: 8 },
        t('account-new-password-hint')),
    ], t('account-change-password'), async (v) => {
      await api.changePassword(v['current-password'], v['new-password']);
      done.textContent = t('account-password-changed');
    });
    const remove = accountForm('delete-the-account', t('account-delete'), [
      field('delete-password', t('account-password'), { type: 'password', autocomplete: 'current-password' },
        t('account-delete-hint')),
    ], t('account-delete-mine'), async (v) => {
      await api.deleteAccount(v['delete-password']);
      setSession(null);
      navigate('/');
    });
    remove.classList.add('danger-zone');
    page.replaceChildren(
      h('h1', {}, t('me-settings')),
      h('p', {}, t('account-signed-in-as'), ' ', h('a', { href: `/player/${encodeURIComponent(session.name)}` }, session.name), '.'),
      done,
      password,
      h('section', { class: 'sign-out', 'aria-labelledby': 'sign-out-title' },
        h('h2', { id: 'sign-out-title' }, t('account-sign-out')),
        h('p', {}, t('account-sign-out-hint')),
        h('button', { type: 'button', onclick: signOut }, t('account-sign-out'))),
      remove);
  })();
}
