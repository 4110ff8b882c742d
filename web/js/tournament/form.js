// @ts-check
// The form that makes a tournament (an arena, or a Swiss event of a
// number of rounds): name, rules, time control, length, when
// it starts, rated or not, and who may join (a minimum rating or number
// of rated games, bots).

import { api } from '../api.js';
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { navigate } from '../router.js';

const RULES = ['abapa', 'wari', 'warri', 'kalah'];
/** The rule sets' names (proper names, the same in every language). */
const RULE_NAMES = { abapa: 'Oware, abapa', wari: 'Oware, wari', warri: 'Oware, warri', kalah: 'Kalah' };
const CLOCKS = ['1+0', '3+0', '3+2', '5+3', '10+5'];
const LENGTHS = [20, 30, 45, 60, 90, 120];
const STARTS = [0, 60, 300, 600, 1800, 3600];

/** When a tournament starts, in words: "now", "in 5 minutes", "in an hour". */
const startsText = (/** @type {number} */ s) => {
  if (s === 0) return t('tour-form-starts-now');
  if (s === 3600) return t('tour-form-starts-hour');
  return t('tour-form-starts-in', { minutes: s / 60 });
};

/**
 * @param {string} id
 * @param {string} label
 * @param {HTMLElement} input
 */
const field = (id, label, input) => h('p', { class: 'setting' }, h('label', { for: id }, label, ' '), input);

/** The form; on success it goes to the new tournament's page. */
export function createTournamentForm() {
  const name = /** @type {HTMLInputElement} */ (h('input', { id: 't-name', maxlength: 60, placeholder: t('tour-form-name-example') }));
  const rules = /** @type {HTMLSelectElement} */ (h('select', { id: 't-rules' }, RULES.map((v) => h('option', { value: v }, RULE_NAMES[v]))));
  const clock = /** @type {HTMLSelectElement} */ (h('select', { id: 't-clock' }, CLOCKS.map((c) => h('option', { value: c, selected: c === '3+2' }, c))));
  const kind = /** @type {HTMLSelectElement} */ (h('select', { id: 't-kind' }, h('option', { value: 'arena' }, t('tour-form-arena')), h('option', { value: 'swiss' }, t('tour-form-swiss'))));
  const rounds = /** @type {HTMLInputElement} */ (h('input', { id: 't-rounds', type: 'number', min: 1, max: 20, value: 5 }));
  const minutes = /** @type {HTMLSelectElement} */ (h('select', { id: 't-minutes' }, LENGTHS.map((m) => h('option', { value: m, selected: m === 60 }, t('tour-form-minutes', { minutes: m })))));
  const starts = /** @type {HTMLSelectElement} */ (h('select', { id: 't-starts' }, STARTS.map((s) => h('option', { value: s, selected: s === 300 }, startsText(s)))));
  const rated = /** @type {HTMLInputElement} */ (h('input', { id: 't-rated', type: 'checkbox', checked: true }));
  const minRating = /** @type {HTMLInputElement} */ (h('input', { id: 't-min-rating', type: 'number', min: 0, max: 3000, step: 50 }));
  const minGames = /** @type {HTMLInputElement} */ (h('input', { id: 't-min-games', type: 'number', min: 0, max: 1000 }));
  const bots = /** @type {HTMLInputElement} */ (h('input', { id: 't-bots', type: 'checkbox' }));
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, t('tour-form-create')));
  const form = h('form', {
    class: 'tournament-form',
    async onsubmit(/** @type {Event} */ event) {
      event.preventDefault();
      error.hidden = true;
      submit.disabled = true;
      /** @type {Record<string, any>} */
      const spec = {
        rules: rules.value,
        time_control: clock.value,
        kind: kind.value,
        starts_in_s: Number(starts.value),
        rated: rated.checked,
        bots_allowed: bots.checked,
      };
      if (kind.value === 'swiss') spec.rounds = Number(rounds.value);
      else spec.minutes = Number(minutes.value);
      if (name.value.trim()) spec.name = name.value.trim();
      if (minRating.value) spec.min_rating = Number(minRating.value);
      if (minGames.value) spec.min_games = Number(minGames.value);
      try {
        const t = await api.createTournament(spec);
        navigate(`/tournament/${encodeURIComponent(t.id)}`);
      } catch (err) {
        error.textContent = t('tour-form-error', { error: err.message });
        error.hidden = false;
        submit.disabled = false;
      }
    },
  },
  field('t-kind', t('tour-form-kind'), kind),
  field('t-name', t('tour-form-name'), name),
  field('t-rules', t('tour-form-rules'), rules),
  field('t-clock', t('tour-form-clock'), clock),
  field('t-minutes', t('tour-form-length'), minutes),
  field('t-rounds', t('tour-form-rounds'), rounds),
  field('t-starts', t('tour-form-starts'), starts),
  h('p', { class: 'setting' }, rated, ' ', h('label', { for: 't-rated' }, t('tour-form-rated'))),
  field('t-min-rating', t('tour-form-min-rating'), minRating),
  field('t-min-games', t('tour-form-min-games'), minGames),
  h('p', { class: 'setting' }, bots, ' ', h('label', { for: 't-bots' }, t('tour-form-bots'))),
  error,
  h('p', {}, submit));
  return form;
}
