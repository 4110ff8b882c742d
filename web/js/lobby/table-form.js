// @ts-check
// The form that opens a table: every rule option, who starts, the
// computer or a person (a public table, a private invite, or a challenge
// to a player by name), the time control (a clock or days a move), rated
// or casual and the ratings welcome.

import { api } from '../api.js';
import { h } from '../dom.js';
import { parseRules, rulesString } from '../rules.js';
import { ensureSession, signedIn } from '../session.js';
import { t } from '../i18n.js';

/** The rule sets: code, name's key, hint's key. */
const VARIANTS = [
  ['abapa', 'form-variant-abapa', 'form-variant-abapa-hint'],
  ['wari', 'form-variant-wari', 'form-variant-wari-hint'],
  ['warri', 'form-variant-warri', 'form-variant-warri-hint'],
  ['kalah', 'variant-kalah', 'form-variant-kalah-hint'],
];

// Time controls as players write them and the server reads them:
// MINUTES+SECONDS (wari_rules::TimeControl), or days a move.
/** @type {[string, string, any][]} value, label's key, what the server reads */
const CLOCKS = [
  ['none', 'form-clock-none', null],
  ['3+2', 'form-clock-3-2', '3+2'],
  ['7+3', 'form-clock-7-3', '7+3'],
  ['20+10', 'form-clock-20-10', '20+10'],
  ['custom', 'form-clock-custom', null],
  ['days', 'form-clock-days', null],
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
    h('h2', { id: 'new-table-title' }, t('form-title')),
    h('fieldset', {},
      h('legend', {}, t('challenge-rules')),
      VARIANTS.map(([value, label, hint]) => radio('variant', value, t(label), value === 'abapa', t(hint))),
      h('p', { class: 'hint learn-links' }, t('form-how-played'), ' ',
        h('a', { href: '/learn/abapa#grand-slam-abapa' }, t('form-grand-slam-abapa')), ', ',
        h('a', { href: '/learn/wari#grand-slam-wari' }, 'wari'), ', ',
        h('a', { href: '/learn/warri#grand-slam-warri' }, 'warri'), '; ',
        h('a', { href: '/learn/kalah' }, 'Kalah'), '.'),
      h('div', { class: 'inline-fields' },
        h('label', { for: 'pits' }, t('form-pits'), ' ', choiceSelect('pits', range(1, 6), 6)),
        h('label', { for: 'seeds' }, t('form-seeds'), ' ', choiceSelect('seeds', range(1, 12), 4))),
      h('div', { class: 'oware-only inline-fields' },
        h('label', { for: 'cycle' }, t('form-cycle'), ' ',
          h('select', { id: 'cycle', name: 'cycle' },
            h('option', { value: '2' }, t('form-cycle-2')),
            h('option', { value: '3' }, t('form-cycle-3')),
            h('option', { value: 'even' }, t('form-cycle-even')))),
        h('div', { class: 'check' }, h('input', { type: 'checkbox', id: 'playout', name: 'playout' }),
          h('label', { for: 'playout' }, t('form-playout'))),
        h('p', { class: 'hint learn-links' }, h('a', { href: '/learn/abapa#cycle' }, t('form-cycle-explained')))),
      h('div', { class: 'kalah-only check' },
        h('input', {
          type: 'checkbox', id: 'empty-capture', name: 'empty-capture', checked: true,
        }),
        h('label', { for: 'empty-capture' }, t('form-empty-capture')),
        ' ', h('a', { href: '/learn/kalah#kalah-capture', class: 'hint learn-links' }, t('form-empty-capture-explained'))),
      h('p', { class: 'rules-string' }, t('form-rules-string'), ' ', h('code', { id: 'rules-string' }, 'abapa'))),
    h('fieldset', {},
      h('legend', {}, t('form-you-play')),
      radio('starts', 'S', t('side-south'), true, t('form-moves-first')),
      radio('starts', 'N', t('side-north'), false, t('form-moves-second')),
      radio('starts', 'random', t('form-random'), false)),
    h('fieldset', {},
      h('legend', {}, t('form-opponent')),
      radio('opponent', 'computer', t('form-computer'), !challenge),
      h('div', { class: 'computer-only inline-fields' },
        h('label', { for: 'level' }, t('form-level'), ' ', choiceSelect('level', range(1, 10), 3))),
      radio('opponent', 'human', t('form-person'), false),
      h('div', { class: 'human-only' },
        radio('visibility', 'public', t('form-public'), true, t('form-public-hint')),
        radio('visibility', 'private', t('form-private'), false, t('form-private-hint'))),
      radio('opponent', 'challenge', t('form-by-name'), Boolean(challenge), t('form-by-name-hint')),
      h('div', { class: 'challenge-only inline-fields' },
        h('label', { for: 'challenged' }, t('form-their-name'), ' ', h('input', {
          id: 'challenged', name: 'challenged', maxlength: 20, autocomplete: 'off', value: challenge ?? '',
        })))),
    h('fieldset', {},
      h('legend', {}, t('form-time-control')),
      h('div', { class: 'clock-choices' }, CLOCKS.map(([value, label]) => radio('clock', value, t(label), value === 'none'))),
      h('div', { class: 'custom-only inline-fields' },
        h('label', { for: 'minutes' }, t('form-minutes'), ' ', h('input', {
          type: 'number', id: 'minutes', name: 'minutes', min: 0.5, max: 180, step: 0.5, value: 10, inputmode: 'decimal',
        })),
        h('label', { for: 'increment' }, t('form-increment'), ' ', h('input', {
          type: 'number', id: 'increment', name: 'increment', min: 0, max: 180, step: 1, value: 5, inputmode: 'numeric',
        }))),
      h('div', { class: 'days-only inline-fields' },
        h('label', { for: 'days' }, t('form-days'), ' ', choiceSelect('days', [1, 2, 3, 7, 14], 3)))),
    h('fieldset', { class: 'rated-set' },
      h('legend', {}, t('challenge-rated')),
      h('div', { class: 'check' }, h('input', { type: 'checkbox', id: 'rated', name: 'rated' }),
        h('label', { for: 'rated' }, t('form-rated-game')), h('span', { class: 'hint', id: 'rated-hint' })),
      h('div', { class: 'inline-fields range-fields' },
        h('label', { for: 'rating-min' }, t('form-ratings-from'), ' ', h('input', {
          type: 'number', id: 'rating-min', name: 'rating-min', min: 0, max: 4000, step: 50, inputmode: 'numeric',
        })),
        h('label', { for: 'rating-max' }, t('form-ratings-to'), ' ', h('input', {
          type: 'number', id: 'rating-max', name: 'rating-max', min: 0, max: 4000, step: 50, inputmode: 'numeric',
        })))),
    h('p', { class: 'form-error', role: 'alert' }),
    h('button', { type: 'submit', class: 'primary', id: 'create-table' }, t('form-create'))));

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
    if (!signedIn()) return t('form-unrated-guest');
    if (value('opponent') === 'computer') return t('form-unrated-computer');
    if (rulesFromForm() !== value('variant')) return t('form-unrated-options');
    if (value('clock') === 'none') return t('form-unrated-no-clock');
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
        error.textContent = t('form-bad-clock');
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
      error.textContent = t('form-not-created', { error: err.message });
    } finally {
      button.disabled = false;
    }
  });
  sync();
  return { element: form, sync };
}
