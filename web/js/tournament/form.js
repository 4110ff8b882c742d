// @ts-check
// The form that makes a tournament (an arena, or a Swiss event of a
// number of rounds): name, rules, time control, length, when
// it starts, rated or not, and who may join (a minimum rating or number
// of rated games, bots).

import { api } from '../api.js';
import { h } from '../dom.js';
import { navigate } from '../router.js';

const RULES = [['abapa', 'Oware, abapa'], ['wari', 'Oware, wari'], ['warri', 'Oware, warri'], ['kalah', 'Kalah']];
const CLOCKS = ['1+0', '3+0', '3+2', '5+3', '10+5'];
const LENGTHS = [20, 30, 45, 60, 90, 120];
const STARTS = [[0, 'now'], [60, 'in 1 minute'], [300, 'in 5 minutes'], [600, 'in 10 minutes'], [1800, 'in 30 minutes'], [3600, 'in an hour']];

/**
 * @param {string} id
 * @param {string} label
 * @param {HTMLElement} input
 */
const field = (id, label, input) => h('p', { class: 'setting' }, h('label', { for: id }, label, ' '), input);

/** The form; on success it goes to the new tournament's page. */
export function createTournamentForm() {
  const name = /** @type {HTMLInputElement} */ (h('input', { id: 't-name', maxlength: 60, placeholder: 'abapa 3+2 arena' }));
  const rules = /** @type {HTMLSelectElement} */ (h('select', { id: 't-rules' }, RULES.map(([v, l]) => h('option', { value: v }, l))));
  const clock = /** @type {HTMLSelectElement} */ (h('select', { id: 't-clock' }, CLOCKS.map((c) => h('option', { value: c, selected: c === '3+2' }, c))));
  const kind = /** @type {HTMLSelectElement} */ (h('select', { id: 't-kind' }, h('option', { value: 'arena' }, 'Arena'), h('option', { value: 'swiss' }, 'Swiss')));
  const rounds = /** @type {HTMLInputElement} */ (h('input', { id: 't-rounds', type: 'number', min: 1, max: 20, value: 5 }));
  const minutes = /** @type {HTMLSelectElement} */ (h('select', { id: 't-minutes' }, LENGTHS.map((m) => h('option', { value: m, selected: m === 60 }, `${m} minutes`))));
  const starts = /** @type {HTMLSelectElement} */ (h('select', { id: 't-starts' }, STARTS.map(([s, l]) => h('option', { value: s, selected: s === 300 }, l))));
  const rated = /** @type {HTMLInputElement} */ (h('input', { id: 't-rated', type: 'checkbox', checked: true }));
  const minRating = /** @type {HTMLInputElement} */ (h('input', { id: 't-min-rating', type: 'number', min: 0, max: 3000, step: 50 }));
  const minGames = /** @type {HTMLInputElement} */ (h('input', { id: 't-min-games', type: 'number', min: 0, max: 1000 }));
  const bots = /** @type {HTMLInputElement} */ (h('input', { id: 't-bots', type: 'checkbox' }));
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Create the arena'));
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
        error.textContent = `The arena cannot be made: ${err.message}.`;
        error.hidden = false;
        submit.disabled = false;
      }
    },
  },
  field('t-kind', 'Kind', kind),
  field('t-name', 'Name', name),
  field('t-rules', 'Rules', rules),
  field('t-clock', 'Time control', clock),
  field('t-minutes', 'Length (an arena)', minutes),
  field('t-rounds', 'Rounds (a Swiss event)', rounds),
  field('t-starts', 'Starts', starts),
  h('p', { class: 'setting' }, rated, ' ', h('label', { for: 't-rated' }, 'Rated')),
  field('t-min-rating', 'Minimum rating (optional)', minRating),
  field('t-min-games', 'Minimum rated games (optional)', minGames),
  h('p', { class: 'setting' }, bots, ' ', h('label', { for: 't-bots' }, 'Bots may join')),
  error,
  h('p', {}, submit));
  return form;
}
