// @ts-check
// The challenge dialog of a player's page: rules, time control, colour,
// rated or casual; sent with POST /api/challenge/NAME (docs/API.md
// "Challenges"). The challenged player answers from "My games" or the
// toast of their event stream.

import { api } from './api.js';
import { h, timeControlText } from './dom.js';
import { toast } from './session.js';
import { variantName } from './words.js';
import { t } from './i18n.js';

const RULES = ['abapa', 'wari', 'warri', 'kalah'];
const CLOCKS = ['1+1', '3+2', '5+3', '10+5', '20+10'];
/** The sides offered, with their words. */
const COLOURS = [['random', 'challenge-side-random'], ['S', 'challenge-side-south'], ['N', 'side-north']];

/**
 * @param {string} id
 * @param {string[][]} options
 */
const select = (id, options) => h('select', { id, name: id }, options.map(([v, l]) => h('option', { value: v }, l)));

/** The options of each list, in the page's language. */
const optionsOf = () => ({
  rules: RULES.map((v) => [v, variantName(v)]),
  clock: [...CLOCKS.map((v) => [v, v]), ['days:3', timeControlText({ days: 3 })]],
  color: COLOURS.map(([v, key]) => [v, t(key)]),
});

/**
 * Opens the dialog that challenges `name`.
 * @param {string} name
 */
export function openChallenge(name) {
  const rated = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'c-rated', name: 'c-rated', checked: true }));
  const options = optionsOf();
  const fields = {
    rules: /** @type {HTMLSelectElement} */ (select('c-rules', options.rules)),
    clock: /** @type {HTMLSelectElement} */ (select('c-clock', options.clock)),
    color: /** @type {HTMLSelectElement} */ (select('c-color', options.color)),
  };
  fields.clock.value = '3+2';
  const error = h('p', { class: 'error', role: 'alert' });
  const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'challenge-dialog', 'aria-labelledby': 'challenge-title' },
    h('form', { method: 'dialog' },
      h('h2', { id: 'challenge-title' }, t('challenge-title', { name })),
      h('p', { class: 'setting' }, h('label', { for: 'c-rules' }, t('challenge-rules')), ' ', fields.rules),
      h('p', { class: 'setting' }, h('label', { for: 'c-clock' }, t('challenge-time')), ' ', fields.clock),
      h('p', { class: 'setting' }, h('label', { for: 'c-color' }, t('challenge-your-side')), ' ', fields.color),
      h('p', { class: 'setting' }, rated, ' ', h('label', { for: 'c-rated' }, t('challenge-rated'))),
      error,
      h('p', { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', value: 'send' }, t('challenge-send')), ' ',
        h('button', { type: 'button', onclick: () => { dialog.close(); dialog.remove(); } }, t('cancel'))))));
  dialog.querySelector('form')?.addEventListener('submit', async (event) => {
    event.preventDefault();
    const time = fields.clock.value;
    const clock = time.startsWith('days:') ? { days: Number(time.slice(5)) } : time;
    try {
      await api.challenge(name, { rules: fields.rules.value, clock, color: fields.color.value, rated: rated.checked });
      dialog.close();
      dialog.remove();
      toast(t('challenge-sent', { name }));
    } catch (err) {
      error.textContent = t('challenge-cannot-send', { error: err.message });
    }
  });
  document.body.append(dialog);
  dialog.showModal();
}
