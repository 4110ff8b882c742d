// @ts-check
// A player's page: ratings per pool with the rating graph, games won,
// drawn and lost, and their games with filters; a challenge from here.

import { botBadge } from './badge.js';
import { api } from './api.js';
import { openChallenge } from './challenge.js';
import { dateText, fill, h } from './dom.js';
import { gameList } from './games-list.js';
import { currentSession, knownSession } from './session.js';
import { poolText, ratingText, variantName } from './words.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 */
function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * The rating after each rated game as a line, with its summary for a
 * screen reader and the points in a table.
 * @param {[number, number, number, string][]} points
 * @param {string} pool
 */
export function ratingGraph(points, pool) {
  if (!points.length) return h('p', { class: 'empty-list' }, t('player-no-rated-in-pool'));
  const ratings = points.map((p) => p[1]);
  const series = [1500, ...ratings];
  const low = Math.floor((Math.min(...series) - 20) / 50) * 50;
  const high = Math.ceil((Math.max(...series) + 20) / 50) * 50;
  const [w, hgt, pad] = [600, 200, 36];
  const x = (/** @type {number} */ i) => pad + (i * (w - pad - 8)) / Math.max(1, series.length - 1);
  const y = (/** @type {number} */ r) => 8 + ((high - r) * (hgt - 24)) / (high - low);
  const summary = t('player-graph-summary', {
    pool: poolText(pool),
    count: points.length,
    last: String(Math.round(ratings[ratings.length - 1])),
    highest: String(Math.round(Math.max(...ratings))),
    lowest: String(Math.round(Math.min(...ratings))),
  });
  const chart = svg('svg', {
    viewBox: `0 0 ${w} ${hgt}`, class: 'rating-graph', role: 'img', 'aria-label': summary,
  });
  for (const r of [low, (low + high) / 2, high]) {
    chart.append(svg('line', {
      x1: pad, x2: w, y1: y(r), y2: y(r), class: 'grid',
    }));
    const label = svg('text', { x: 2, y: y(r) + 4, class: 'axis' });
    label.textContent = String(Math.round(r));
    chart.append(label);
  }
  chart.append(svg('polyline', {
    points: series.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' '), class: 'line',
  }));
  // A dot for each game (not for the start).
  series.slice(1).forEach((r, i) => chart.append(svg('circle', {
    cx: x(i + 1).toFixed(1), cy: y(r).toFixed(1), r: 3, class: 'dot',
  })));
  return h('figure', { class: 'graph' }, chart,
    h('figcaption', {}, summary),
    h('details', {}, h('summary', {}, t('player-each-game')),
      h('table', { class: 'list' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('player-date')), h('th', { scope: 'col' }, t('player-rating')), h('th', { scope: 'col' }, t('game-title')))),
        h('tbody', {}, points.map(([at, rating, , game]) => h('tr', {},
          h('td', {}, dateText(at)), h('td', { class: 'number' }, String(Math.round(rating))),
          h('td', {}, h('a', { href: `/replay/${encodeURIComponent(game)}` }, t('result-replay')))))))));
}

/**
 * A select of `options` ([value, label]).
 * @param {string} id
 * @param {[string, string][]} options
 */
const select = (id, options) => h('select', { id, name: id }, options.map(([v, l]) => h('option', { value: v }, l)));

/**
 * @param {HTMLElement} outlet
 * @param {{name: string}} params
 */
/** The puzzle ratings, per rule family, apart from the game ratings; nothing without one. */
function puzzleRatings(ratings) {
  const families = Object.entries(ratings);
  if (!families.length) return null;
  return h('section', { 'aria-labelledby': 'puzzle-ratings-title' },
    h('h2', { id: 'puzzle-ratings-title' }, t('player-puzzle-ratings')),
    h('ul', { class: 'ratings puzzle-ratings' }, families.map(([family, r]) => h('li', { 'data-family': family },
      h('span', { class: 'pool' }, variantName(family)), ' ',
      h('strong', {
        class: 'rating',
        'aria-label': r.provisional ? t('player-provisional', { rating: ratingText(r.rating, true) }) : ratingText(r.rating),
      }, ratingText(r.rating, r.provisional)), ' ',
      h('span', { class: 'meta' }, t('player-puzzles-rated', { count: r.games }))))));
}

export function mountPlayer(outlet, { name }) {
  let gone = false;
  const page = h('div', { class: 'player-page' }, h('h1', {}, name), h('p', {}, t('loading')));
  outlet.append(page);

  (async () => {
    let profile;
    try {
      profile = await api.player(name);
    } catch (err) {
      if (!gone) fill(page, h('h1', {}, name), h('p', { class: 'error' }, err.status === 404 ? t('player-not-found') : t('page-cannot-load', { error: err.message })));
      return;
    }
    await knownSession().catch(() => null);
    if (gone) return;
    const me = currentSession();
    const pools = Object.entries(profile.ratings);
    const graph = h('div', { 'aria-live': 'polite' });
    const showGraph = async (/** @type {string} */ pool) => {
      const { points } = await api.history(profile.name, pool);
      if (!gone) fill(graph, ratingGraph(points, pool));
    };
    const poolSelect = /** @type {HTMLSelectElement} */ (h('select', { id: 'graph-pool', onchange: () => showGraph(poolSelect.value) },
      pools.map(([p]) => h('option', { value: p }, poolText(p)))));
    const games = h('div', { 'aria-live': 'polite' });
    const filters = /** @type {HTMLFormElement} */ (h('form', { class: 'filters', 'aria-label': t('player-filter') },
      h('label', { for: 'f-rules' }, t('challenge-rules'), ' ', select('f-rules', [['', t('player-all')], ...['abapa', 'wari', 'warri', 'kalah'].map((v) => /** @type {[string, string]} */ ([v, variantName(v)]))])),
      h('label', { for: 'f-result' }, t('player-result'), ' ', select('f-result', [['', t('player-all')], ['win', t('player-won')], ['draw', t('player-drawn')], ['loss', t('player-lost')]])),
      h('label', { for: 'f-rated' }, t('challenge-rated'), ' ', select('f-rated', [['', t('player-all')], ['true', t('rated')], ['false', t('casual')]])),
      h('label', { for: 'f-opponent' }, t('form-opponent'), ' ', h('input', { id: 'f-opponent', name: 'f-opponent', maxlength: 24, autocomplete: 'off' })),
      h('button', { type: 'submit' }, t('player-show'))));
    const loadGames = async () => {
      const v = Object.fromEntries([...new FormData(filters)].map(([k, val]) => [k.slice(2), String(val)]));
      try {
        const { games: list } = await api.playerGames(profile.name, { ...v, limit: '50' });
        if (!gone) fill(games, gameList(list, t('player-no-game-matches'), { label: t('player-games-of', { name: profile.name }) }));
      } catch (err) {
        if (!gone) fill(games, h('p', { class: 'error' }, err.message));
      }
    };
    filters.addEventListener('submit', (event) => {
      event.preventDefault();
      loadGames();
    });
    const { won, drawn, lost, games: total } = profile.results;
    const challenge = me?.account && me.account.name.toLowerCase() !== profile.name.toLowerCase()
      ? h('p', { class: 'actions' },
        h('button', { type: 'button', class: 'primary challenge-button', onclick: () => openChallenge(profile.name) }, t('challenge-title', { name: profile.name })), ' ',
        h('a', { href: `/?challenge=${encodeURIComponent(profile.name)}` }, t('player-custom-challenge')))
      : null;
    const bot = profile.bot ? botBadge() : null;
    fill(page,
      h('h1', {}, profile.name, bot ? ' ' : null, bot),
      h('p', { class: 'meta' }, t('player-since', { date: dateText(profile.created_at) }), ' ',
        profile.playing ? t('player-in-progress', { count: profile.playing }) : ''),
      challenge,
      h('section', { 'aria-labelledby': 'ratings-title' },
        h('h2', { id: 'ratings-title' }, t('player-ratings')),
        pools.length ? h('ul', { class: 'ratings' }, pools.map(([pool, r]) => h('li', {},
          h('span', { class: 'pool' }, poolText(pool)), ' ',
          h('strong', {
            class: 'rating',
            'aria-label': r.provisional ? t('player-provisional', { rating: ratingText(r.rating, true) }) : ratingText(r.rating),
          }, ratingText(r.rating, r.provisional)), ' ',
          h('span', { class: 'meta' }, t('player-rated-games', { count: r.games })))))
          : h('p', { class: 'empty-list' }, t('player-no-rated')),
        pools.length ? h('p', { class: 'setting' }, h('label', { for: 'graph-pool' }, t('player-graph')), ' ', poolSelect) : null,
        graph),
      puzzleRatings(profile.puzzle_ratings ?? {}),
      h('section', { 'aria-labelledby': 'results-title' },
        h('h2', { id: 'results-title' }, t('player-results')),
        h('p', { class: 'results' }, t('player-results-line', {
          count: total, won, drawn, lost,
        }))),
      h('section', { 'aria-labelledby': 'games-title' },
        h('h2', { id: 'games-title' }, t('player-games')), filters, games));
    if (pools.length) showGraph(pools[0][0]);
    loadGames();
  })();
  return () => { gone = true; };
}
