// @ts-check
// Who you are: the session (a guest's name, or an account), asked for only
// when it is needed (to play, not to watch); the header that shows it; and
// the short messages shown at the foot of every page.

import { api } from './api.js';
import { h, fill } from './dom.js';
import { startEvents, stopEvents } from './events.js';
import { t } from './i18n.js';

/** @type {{id: string, name: string, account: {id: string, name: string} | null} | null} */
let session = null;
/** @type {Promise<any> | null} */
let asking = null;
/** @type {Set<() => void>} */
const watchers = new Set();

/** Calls `watcher()` whenever the session changes (signed in, out). */
export function onSession(watcher) {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** Keeps `next` as the session (null: none), remembers it and tells the page. */
export function setSession(next) {
  const was = session?.id;
  session = next;
  if (next) {
    localStorage.setItem('wari.session', '1');
    if (!next.account) localStorage.setItem('wari.name', next.name);
  } else {
    localStorage.removeItem('wari.session');
  }
  if (next && next.id !== was) startEvents();
  if (!next) stopEvents();
  for (const watcher of [...watchers]) watcher();
}

export const currentSession = () => session;

/** Whether this browser is signed in to an account. */
export const signedIn = () => Boolean(session?.account);

/**
 * The session the server knows, or null. Asked only when this browser
 * has made one: a 401 would show as an error in the console.
 */
export async function knownSession() {
  if (session) return session;
  if (localStorage.getItem('wari.session') !== '1') return null;
  setSession(await api.session());
  return session;
}

/**
 * The session, asking the first time for a guest name (or to sign in):
 * for what needs one (a table, a seat, a seek, a chat message).
 */
export function ensureSession() {
  if (session) return Promise.resolve(session);
  asking ??= (async () => {
    await knownSession();
    while (!session) {
      const name = await askName();
      try {
        setSession(await api.login(name));
      } catch (err) {
        toast(err.message);
      }
    }
    return session;
  })().finally(() => { asking = null; });
  return asking;
}

/** @returns {Promise<string>} */
function askName() {
  return new Promise((resolve) => {
    const input = /** @type {HTMLInputElement} */ (h('input', {
      id: 'guest-name', name: 'name', required: true, maxlength: 24, autocomplete: 'nickname',
      value: localStorage.getItem('wari.name') ?? '',
    }));
    const back = encodeURIComponent(location.pathname + location.search);
    const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'name-dialog', 'aria-labelledby': 'name-title' },
      h('form', { method: 'dialog' },
        h('h2', { id: 'name-title' }, t('guest-welcome')),
        h('p', {}, t('guest-choose-name')),
        h('label', { for: 'guest-name' }, t('guest-your-name')),
        input,
        h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, t('guest-play'))),
        h('p', { class: 'hint' }, t('guest-need-account'), ' ',
          h('a', { href: `/signin?next=${back}`, onclick: () => close() }, t('guest-sign-in')), ' ', t('guest-or'), ' ',
          h('a', { href: `/signup?next=${back}`, onclick: () => close() }, t('guest-sign-up')), '.'))));
    function close() {
      dialog.close();
      dialog.remove();
    }
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    dialog.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      close();
      resolve(name);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}

/** @type {number | undefined} */
let toastTimer;

/**
 * A short message in the live region at the foot of the page, with
 * buttons if given.
 * @param {string} message
 * @param {HTMLElement[]} [actions]
 */
export function toast(message, actions = []) {
  const el = document.getElementById('toast');
  if (!el) return;
  fill(el, message, actions.length ? ' ' : '', actions);
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => { el.hidden = true; }, actions.length ? 20_000 : 5000);
}
