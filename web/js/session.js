// @ts-check
// Who you are: the session, with a guest name asked once; and the short
// messages shown at the foot of every page.

import { api } from './api.js';
import { h, fill } from './dom.js';

let session = null;
let asking = null;

function showName() {
  const me = document.getElementById('me');
  if (me) fill(me, session ? `Playing as ${session.name}` : '');
}

/**
 * The session, asking for a guest name the first time (kept by the
 * server's cookie, and the name in localStorage to offer it again).
 */
export function ensureSession() {
  if (session) return Promise.resolve(session);
  asking ??= (async () => {
    session = await knownSession();
    while (!session) {
      const name = await askName();
      try {
        session = await api.login(name);
        localStorage.setItem('wari.name', name);
        localStorage.setItem('wari.session', '1');
      } catch (err) {
        toast(err.message);
      }
    }
    showName();
    return session;
  })().finally(() => { asking = null; });
  return asking;
}

export const currentSession = () => session;

/**
 * The session the server knows, or null. Asked only when this browser
 * has made one: a 401 would show as an error in the console.
 */
export async function knownSession() {
  if (session) return session;
  if (localStorage.getItem('wari.session') !== '1') return null;
  session = await api.session();
  if (!session) localStorage.removeItem('wari.session');
  showName();
  return session;
}

function askName() {
  return new Promise((resolve) => {
    const input = h('input', {
      id: 'guest-name', name: 'name', required: true, maxlength: 32, autocomplete: 'nickname',
      value: localStorage.getItem('wari.name') ?? '',
    });
    const dialog = h('dialog', { class: 'name-dialog', 'aria-labelledby': 'name-title' },
      h('form', { method: 'dialog' },
        h('h2', { id: 'name-title' }, 'Welcome to wari'),
        h('p', {}, 'Choose the name other players will see.'),
        h('label', { for: 'guest-name' }, 'Your name'),
        input,
        h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Continue'))));
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    dialog.querySelector('form').addEventListener('submit', (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      dialog.close();
      dialog.remove();
      resolve(name);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}

let toastTimer = null;

/** A short message in the live region at the foot of the page. */
export function toast(message) {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
}

