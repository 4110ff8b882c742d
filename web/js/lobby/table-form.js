// @ts-check
// The form that opens a table: every rule option, who starts, the
// computer or a person (a public table, a private invite, or a challenge
// to a player by name), the time control (a clock or days a move), rated
// or casual and the ratings welcome.

import { api } from '../api.js';
import { h } from '../dom.js';
import { parseRules, rulesString } from '../rules.js';
import { ensureSession, signedIn } from '../session.js';

const VARIANTS = [
  ['abapa', 'Oware, abapa', 'the international rules: a grand slam captures nothing'],
  ['wari', 'Oware, wari', 'a grand slam is forbidden unless it is the only move, then it ends the game'],
  ['warri', 'Oware, warri', 'a grand slam takes the whole row and the same player moves again'],
  ['kalah', 'Kalah', 'stores, an extra move when the last seed lands in your store'],
];

// Time controls as players write them and the server reads them:
// MINUTES+SECONDS (wari_rules::TimeControl), or days a move.
/** @type {[string, string, any][]} */
const CLOCKS = [
  ['none', 'No clock', null],
  ['3+2', '3 min + 2 s', '3+2'],
  ['7+3', '7 min + 3 s', '7+3'],
  ['20+10', '20 min + 10 s', '20+10'],
  ['custom', 'Custom', null],
  ['days', 'Correspondence', null],
];

/**
 * @param {string} name
 * @param {string} value
 * @param {string} label
 * @param {boolean} checked
 * @param {string} [hint]
 */
const radio = (name, value, label, checked, hint) => {
  const id = `${name}-${value}`;
  return h('div', { class: 'choice' },
    h('input', {
      type: 'radio', name, value, id, checked,
    }),
    h('label', { for: id }, h('span', { class: 'choice-name' }, label), hint ? h('span', { class: 'hint' }, ` — ${hint}`) : null));
};

/**
 * @param {string} id
 * @param {(number | string)[]} values
 * @param {number | string} value
 * @param {(v: any) => string} [label]
 */
const choiceSelect = (id, values, value, label = String) => h('select', { id, name: id },
  values.map((n) => h('option', { value: n, selected: n === value }, label(n))));

const range = (/** @type {number} */ from, /** @type {number} */ to) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

/**
 * The new-table form; `onCreated(answer)` gets the server's answer.
 * @param {(created: any) => void} onCreated
 * @param {{challenge?: string | null}} [options]
 */
export function tableForm(onCreated, { challenge = null } = {}) {
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'new-table', 'aria-labelledby': 'new-table-title' },
    h('h2', { id: 'new-table-title' }, 'New table'),
    h('fieldset', {},
      h('legend', {}, 'Rules'),
      VARIANTS.map(([value, label, hint]) => radio('variant', value, label, value === 'abapa', hint)),
      h('p', { class: 'hint learn-links' }, 'How each is played: ',
        h('a', { href: '/learn/abapa#grand-slam-abapa' }, 'the grand slam under abapa'), ', ',
        h('a', { href: '/learn/wari#grand-slam-wari' }, 'wari'), ', ',
        h('a', { href: '/learn/warri#grand-slam-warri' }, 'warri'), '; ',
        h('a', { href: '/learn/kalah' }, 'Kalah'), '.'),
      h('div', { class: 'inline-fields' },
        h('label', { for: 'pits' }, 'Pits a row ', choiceSelect('pits', range(1, 6), 6)),
        h('label', { for: 'seeds' }, 'Seeds a pit ', choiceSelect('seeds', range(1, 12), 4))),
      h('div', { class: 'oware-only inline-fields' },
        h('label', { for: 'cycle' }, 'A repeated position ends the game ',
          h('select', { id: 'cycle', name: 'cycle' },
            h('option', { value: '2' }, 'the 2nd time, each takes their own row'),
            h('option', { value: '3' }, 'the 3rd time, each takes their own row'),
            h('option', { value: 'even' }, 'the 2nd time, the seeds left shared evenly'))),
        h('div', { class: 'check' }, h('input', { type: 'checkbox', id: 'playout', name: 'playout' }),
          h('label', { for: 'playout' }, 'Play out to the end (no win at more than half)')),
        h('p', { class: 'hint learn-links' }, h('a', { href: '/learn/abapa#cycle' }, 'The cycle rule and playout, explained'))),
      h('div', { class: 'kalah-only check' },
        h('input', {
          type: 'checkbox', id: 'empty-capture', name: 'empty-capture', checked: true,
        }),
        h('label', { for: 'empty-capture' }, 'Capture with the last seed in an empty own pit even when the opposite pit is empty'),
        ' ', h('a', { href: '/learn/kalah#kalah-capture', class: 'hint learn-links' }, 'Empty capture, explained')),
      h('p', { class: 'rules-string' }, 'Rules string: ', h('code', { id: 'rules-string' }, 'abapa'))),
    h('fieldset', {},
      h('legend', {}, 'You play'),
      radio('starts', 'S', 'South', true, 'moves first'),
      radio('starts', 'N', 'North', false, 'moves second'),
      radio('starts', 'random', 'Random', false)),
    h('fieldset', {},
      h('legend', {}, 'Opponent'),
      radio('opponent', 'computer', 'The computer', !challenge),
      h('div', { class: 'computer-only inline-fields' },
        h('label', { for: 'level' }, 'Level (1 weakest, 10 strongest) ', choiceSelect('level', range(1, 10), 3))),
      radio('opponent', 'human', 'A person', false),
      h('div', { class: 'human-only' },
        radio('visibility', 'public', 'Public table', true, 'listed in the lobby for anyone to join'),
        radio('visibility', 'private', 'Private', false, 'only with the invite link')),
      radio('opponent', 'challenge', 'A player by name', Boolean(challenge), 'they are told and accept or decline'),
      h('div', { class: 'challenge-only inline-fields' },
        h('label', { for: 'challenged' }, 'Their name ', h('input', {
          id: 'challenged', name: 'challenged', maxlength: 20, autocomplete: 'off', value: challenge ?? '',
        })))),
    h('fieldset', {},
      h('legend', {}, 'Time control'),
      h('div', { class: 'clock-choices' }, CLOCKS.map(([value, label]) => radio('clock', value, label, value === 'none'))),
      h('div', { class: 'custom-only inline-fields' },
        h('label', { for: 'minutes' }, 'Minutes ', h('input', {
          type: 'number', id: 'minutes', name: 'minutes', min: 0.5, max: 180, step: 0.5, value: 10, inputmode: 'decimal',
        })),
        h('label', { for: 'increment' }, 'Seconds added a move ', h('input', {
          type: 'number', id: 'increment', name: 'increment', min: 0, max: 180, step: 1, value: 5, inputmode: 'numeric',
        }))),
      h('div', { class: 'days-only inline-fields' },
        h('label', { for: 'days' }, 'Days a move ', choiceSelect('days', [1, 2, 3, 7, 14], 3)))),
    h('fieldset', { class: 'rated-set' },
      h('legend', {}, 'Rated'),
      h('div', { class: 'check' }, h('input', { type: 'checkbox', id: 'rated', name: 'rated' }),
        h('label', { for: 'rated' }, 'Rated game'), h('span', { class: 'hint', id: 'rated-hint' })),
      h('div', { class: 'inline-fields range-fields' },
        h('label', { for: 'rating-min' }, 'Ratings from ', h('input', {
          type: 'number', id: 'rating-min', name: 'rating-min', min: 0, max: 4000, step: 50, inputmode: 'numeric',
        })),
        h('label', { for: 'rating-max' }, 'to ', h('input', {
          type: 'number', id: 'rating-max', name: 'rating-max', min: 0, max: 4000, step: 50, inputmode: 'numeric',
        })))),
    h('p', { class: 'form-error', role: 'alert' }),
    h('button', { type: 'submit', class: 'primary', id: 'create-table' }, 'Create the table')));

  const el = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  const value = (/** @type {string} */ name) => el(name).value;
  const show = (/** @type {string} */ selector, /** @type {boolean} */ shown) => {
    const part = /** @type {HTMLElement} */ (form.querySelector(selector));
    part.hidden = !shown;
  };
  const rulesFromForm = () => {
    const variant = value('variant');
    const parts = [variant];
    if (value('pits') !== '6') parts.push(`pits=${value('pits')}`);
    if (value('seeds') !== '4') parts.push(`seeds=${value('seeds')}`);
    if (variant === 'kalah') {
      if (!el('empty-capture').checked) parts.push('empty-capture=off');
    } else {
      if (value('cycle') !== '2') parts.push(`cycle=${value('cycle')}`);
      if (el('playout').checked) parts.push('playout');
    }
    return rulesString(parseRules(parts.join(',')));
  };
  /** Why the game cannot be rated, or '' when it can. */
  const unrated = () => {
    if (!signedIn()) return 'sign in to play rated games';
    if (value('opponent') === 'computer') return 'games against the computer are casual';
    if (rulesFromForm() !== value('variant')) return 'only the standard board and options are rated';
    if (value('clock') === 'none') return 'rated games have a clock';
    return '';
  };
  const sync = () => {
    const kalah = value('variant') === 'kalah';
    show('.oware-only', !kalah);
    show('.kalah-only', kalah);
    show('.computer-only', value('opponent') === 'computer');
    show('.human-only', value('opponent') === 'human');
    show('.challenge-only', value('opponent') === 'challenge');
    show('.custom-only', value('clock') === 'custom');
    show('.days-only', value('clock') === 'days');
    // A rating range picks who may join: not for the computer.
    show('.range-fields', value('opponent') !== 'computer');
    const why = unrated();
    el('rated').disabled = Boolean(why);
    if (why) el('rated').checked = false;
    /** @type {HTMLElement} */ (form.querySelector('#rated-hint')).textContent = why ? ` (${why})` : '';
    /** @type {HTMLElement} */ (form.querySelector('#rules-string')).textContent = rulesFromForm();
  };
  form.addEventListener('change', sync);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = /** @type {HTMLElement} */ (form.querySelector('.form-error'));
    error.textContent = '';
    let clock = CLOCKS.find(([v]) => v === value('clock'))?.[2] ?? null;
    if (value('clock') === 'custom') {
      const minutes = Number(value('minutes'));
      const increment = Number(value('increment'));
      if (!(minutes > 0) || !(increment >= 0)) {
        error.textContent = 'Give the clock a positive number of minutes and seconds added a move.';
        return;
      }
      clock = `${minutes}+${Math.round(increment)}`;
    }
    if (value('clock') === 'days') clock = { days: Number(value('days')) };
    const kind = value('opponent');
    let opponent;
    if (kind === 'computer') opponent = { kind: 'computer', level: Number(value('level')) };
    else if (kind === 'challenge') opponent = { kind: 'human', player: value('challenged').trim() };
    else opponent = { kind: 'human', private: value('visibility') === 'private' };
    const [min, max] = [value('rating-min'), value('rating-max')];
    const ratingRange = kind !== 'computer' && (min || max) ? [Number(min || 0), Number(max || 4000)] : null;
    const button = /** @type {HTMLButtonElement} */ (form.querySelector('#create-table'));
    button.disabled = true;
    try {
      await ensureSession();
      const created = await api.createTable({
        rules: rulesFromForm(), starts: value('starts'), opponent, clock, rated: el('rated').checked, rating_range: ratingRange,
      });
      onCreated(created);
    } catch (err) {
      error.textContent = `The table was not created: ${err.message}.`;
    } finally {
      button.disabled = false;
    }
  });
  sync();
  return { element: form, sync };
}
