// @ts-check
// The leaderboard of a rating pool: the best active players with an
// established rating.

import { api } from './api.js';
import { fill, h } from './dom.js';
import { navigate } from './router.js';
import { poolText, ratingText } from './words.js';
import { t } from './i18n.js';

const FAMILIES = ['abapa', 'wari', 'warri', 'kalah'];
const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

/**
 * @param {HTMLElement} outlet
 * @param {{pool?: string}} params
 */
export function mountLeaderboard(outlet, { pool = 'abapa-blitz' }) {
  let gone = false;
  const select = /** @type {HTMLSelectElement} */ (h('select', {
    id: 'pool',
    onchange: () => navigate(`/leaderboard/${encodeURIComponent(select.value)}`),
  }, FAMILIES.flatMap((f) => SPEEDS.map((s) => `${f}-${s}`))
    .map((p) => h('option', { value: p, selected: p === pool }, poolText(p)))));
  const body = h('div', { 'aria-live': 'polite' }, h('p', {}, t('loading')));
  outlet.append(h('div', { class: 'leaderboard' },
    h('h1', {}, t('nav-leaderboard')),
    h('p', { class: 'setting' }, h('label', { for: 'pool' }, t('leaderboard-pool')), ' ', select),
    h('p', { class: 'hint' }, t('leaderboard-hint')),
    body));
  api.leaderboard(pool).then(({ players }) => {
    if (gone) return;
    if (!players.length) {
      fill(body, h('p', { class: 'empty-list' }, t('leaderboard-empty')));
      return;
    }
    fill(body, h('ol', { class: 'ranking', 'aria-label': t('leaderboard-label', { pool: poolText(pool) }) }, players.map((p) => h('li', {},
      h('span', { class: 'rank' }, t('leaderboard-rank', { rank: p.rank })), ' ',
      h('a', { href: `/player/${encodeURIComponent(p.name)}` }, p.name), ' ',
      h('span', { class: 'rating' }, ratingText(p.rating, p.provisional)), ' ',
      h('span', { class: 'meta' }, t('games-count', { count: p.games }))))));
  }).catch((err) => {
    if (!gone) fill(body, h('p', { class: 'error' }, t('leaderboard-cannot-load', { error: err.message })));
  });
  return () => { gone = true; };
}
