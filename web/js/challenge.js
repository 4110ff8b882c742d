// @ts-check
// The challenge dialog of a player's page: rules, time control, colour,
// rated or casual; sent with POST /api/challenge/NAME (docs/API.md
// "Challenges"). The challenged player answers from "My games" or the
// toast of their event stream.

import { api } from './api.js';
import { h } from './dom.js';
import { toast } from './session.js';

const RULES = [['abapa', 'Oware (abapa)'], ['wari', 'Oware (wari)'], ['warri', 'Oware (warri)'], ['kalah', 'Kalah']];
const CLOCKS = [['1+1', '1+1'], ['3+2', '3+2'], ['5+3', '5+3'], ['10+5', '10+5'], ['20+10', '20+10'], ['days:3', '3 days a move']];
const COLOURS = [['random', 'Random side'], ['S', 'South (moves first)'], ['N', 'North']];

/**
 * @param {string} id
 * @param {string[][]} options
 */
const select = (id, options) => h('select', { id, name: id }, options.map(([v, l]) => h('option', { value: v }, l)));

/**
 * Opens the dialog that challenges `name`.
 * @param {string} name
 */
export function openChallenge(name) {
  const rated = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'c-rated', name: 'c-rated', checked: true }));
  const fields = {
    rules: /** @type {HTMLSelectElement} */ (select('c-rules', RULES)),
    clock: /** @type {HTMLSelectElement} */ (select('c-clock', CLOCKS)),
    color: /** @type {HTMLSelectElement} */ (select('c-color', COLOURS)),
  };
  fields.clock.value = '3+2';
  const error = h('p', { class: 'error', role: 'alert' });
  const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'challenge-dialog', 'aria-labelledby': 'challenge-title' },
    h('form', { method: 'dialog' },
      h('h2', { id: 'challenge-title' }, `Challenge ${name}`),
      h('p', { class: 'setting' }, h('label', { for: 'c-rules' }, 'Rules '), fields.rules),
      h('p', { class: 'setting' }, h('label', { for: 'c-clock' }, 'Time '), fields.clock),
      h('p', { class: 'setting' }, h('label', { for: 'c-color' }, 'Your side '), fields.color),
      h('p', { class: 'setting' }, rated, ' ', h('label', { for: 'c-rated' }, 'Rated')),
      error,
      h('p', { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', value: 'send' }, 'Send the challenge'), ' ',
        h('button', { type: 'button', onclick: () => { dialog.close(); dialog.remove(); } }, 'Cancel')))));
  dialog.querySelector('form')?.addEventListener('submit', async (event) => {
    event.preventDefault();
    const time = fields.clock.value;
    const clock = time.startsWith('days:') ? { days: Number(time.slice(5)) } : time;
    try {
      await api.challenge(name, { rules: fields.rules.value, clock, color: fields.color.value, rated: rated.checked });
      dialog.close();
      dialog.remove();
      toast(`Challenge sent to ${name}: it waits in My games until they answer.`);
    } catch (err) {
      error.textContent = `The challenge cannot be sent: ${err.message}.`;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
}
