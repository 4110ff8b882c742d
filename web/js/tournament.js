// @ts-check
// A tournament's page: what it is, its clock (starts in, ends in), join
// and withdraw, the creator's start now and end now, the standings live
// (GET /api/tournaments/{id}/stream, NDJSON), a BOT badge on bots, a
// Swiss event's pairings round by round, the podium once over; and the
// player's next game opening on its own as soon as it is paired.

import { botBadge } from './badge.js';
import { api } from './api.js';
import { clockText, dateText, fill, h } from './dom.js';
import { navigate } from './router.js';
import { readLines } from './ndjson.js';
import { knownSession, onSession, signedIn } from './session.js';
import { t } from './i18n.js';
import { rulesText } from './words.js';

/** Games this tab has opened on its own already (coming back to the page mid-game does not bounce). */
const opened = new Set();

/**
 * Reads the tournament's stream, calling `onTournament` with each
 * TOURNAMENT; reconnects after a pause until `signal` aborts.
 * @param {string} id
 * @param {AbortSignal} signal
 * @param {(t: any) => void} onTournament
 */
async function follow(id, signal, onTournament) {
  while (!signal.aborted) {
    try {
      const response = await fetch(`/api/tournaments/${encodeURIComponent(id)}/stream`, { credentials: 'same-origin', signal });
      if (!response.ok || !response.body) throw new Error(`${response.status}`);
      await readLines(response, onTournament);
    } catch (err) {
      if (signal.aborted) return;
    }
    await new Promise((resolve) => { setTimeout(resolve, 2000); });
  }
}

/** A player's name, linked to the profile, with the BOT badge for a bot. */
function playerName(/** @type {any} */ s) {
  return [h('a', { href: `/player/${encodeURIComponent(s.name)}` }, s.name),
    s.bot ? [' ', botBadge()] : null];
}

/** The result of a Swiss pairing as players write it (a forfeit +–−). */
function resultText(/** @type {any} */ p) {
  if (p.bye) return t('tour-bye');
  if (p.forfeit) return { S: '+–−', N: '−–+' }[p.result] ?? t('tour-playing');
  return { S: '1–0', N: '0–1', D: '½–½' }[p.result] ?? t('tour-playing');
}

/** A Swiss event's pairings, the latest round first. */
function swissRounds(/** @type {any[]} */ pairings) {
  const rounds = [...new Set(pairings.map((p) => p.round))].sort((a, b) => b - a);
  return rounds.map((round) => h('section', { class: 'swiss-round', 'aria-label': t('tour-round-title', { round }) },
    h('h3', {}, t('tour-round-title', { round })),
    h('table', { class: 'pairings' }, h('tbody', {}, pairings.filter((p) => p.round === round).map((p) => h('tr', {},
      h('td', {}, p.south),
      h('td', {}, p.bye ? '' : p.north),
      h('td', { class: 'result', title: p.forfeit ? t('tour-forfeit') : null },
        p.game ? h('a', { href: `/game/${encodeURIComponent(p.game)}` }, resultText(p)) : resultText(p))))))));
}

/** A Swiss event's standings line: points and tie-breaks. */
function swissRow(/** @type {any} */ s) {
  return h('tr', { class: s.active ? '' : 'withdrawn' },
    h('td', { class: 'rank' }, `${s.rank}`),
    h('td', {}, ...playerName(s), s.active ? null : h('span', { class: 'meta' }, ` ${t('tour-withdrawn')}`)),
    h('td', { class: 'score' }, `${s.score}`),
    h('td', {}, `${s.buchholz_cut1}`),
    h('td', {}, `${s.buchholz}`),
    h('td', {}, `${s.sonneborn_berger}`),
    h('td', {}, s.playing ? h('a', { href: `/game/${encodeURIComponent(s.playing)}` }, t('tour-watch')) : ''));
}

/** A standings line. */
function standingRow(/** @type {any} */ s, /** @type {boolean} */ finished) {
  return h('tr', { class: s.active ? '' : 'withdrawn' },
    h('td', { class: 'rank' }, `${s.rank}`),
    h('td', {}, ...playerName(s), s.fire ? h('span', { class: 'fire', title: t('tour-on-fire') }, ' 🔥') : null,
      s.active ? null : h('span', { class: 'meta' }, ` ${t('tour-paused')}`)),
    h('td', { class: 'sheet' }, s.sheet.join(' ')),
    h('td', { class: 'score' }, `${s.score}`),
    h('td', {}, `${s.games}`),
    h('td', {}, finished || s.performance === null ? `${s.performance ?? '–'}` : `${s.performance}`),
    h('td', {}, s.playing ? h('a', { href: `/game/${encodeURIComponent(s.playing)}` }, t('tour-watch')) : ''));
}

/**
 * @param {HTMLElement} outlet
 * @param {{id: string}} params
 */
export function mountTournament(outlet, { id }) {
  const controller = new AbortController();
  const title = h('h1', {}, t('tour-title'));
  const about = h('p', { class: 'meta' });
  const when = h('p', { class: 'when', 'aria-live': 'off' });
  const actions = h('div', { class: 'controls' });
  const message = h('p', { class: 'error', role: 'alert', hidden: true });
  const podium = h('div', { class: 'podium' });
  const table = h('div', { 'aria-live': 'polite' }, h('p', {}, t('tour-loading')));
  outlet.append(h('div', { class: 'tournament' }, title, about, when, actions, message, podium, table));
  /** @type {any} */
  let current = null;

  const act = (/** @type {() => Promise<any>} */ call) => async () => {
    message.hidden = true;
    try {
      render(await call());
    } catch (err) {
      message.textContent = err.message;
      message.hidden = false;
    }
  };

  function tick() {
    const tour = current;
    if (!tour) return;
    const skew = Date.now() - tour.now;
    const now = Date.now() - skew;
    if (tour.status === 'created') when.textContent = t('tour-starts-in', { clock: clockText(tour.starts_at - now), date: dateText(tour.starts_at) });
    else if (tour.status === 'started') when.textContent = tour.kind === 'swiss' ? t('tour-round', { round: tour.round, rounds: tour.rounds }) : t('tour-ends-in', { clock: clockText(tour.ends_at - now) });
    else when.textContent = t('tour-finished-at', { date: dateText(tour.ends_at) });
  }

  /** @param {any} tour TOURNAMENT */
  function render(tour) {
    current = tour;
    const finished = tour.status === 'finished';
    title.textContent = tour.name;
    const length = tour.kind === 'swiss' ? t('tour-line-swiss', { rounds: tour.rounds }) : t('tour-form-minutes', { minutes: tour.minutes });
    about.textContent = [
      rulesText(tour.rules), tour.time_control, length, tour.rated ? t('tour-rated') : t('tour-casual'),
      tour.min_rating ? t('tour-min-rating', { rating: String(tour.min_rating) }) : null,
      tour.min_games ? t('tour-min-games', { games: tour.min_games }) : null,
      tour.bots_allowed ? t('tour-bots-welcome') : null,
      t('tour-players', { count: tour.players }),
    ].filter((part) => part !== null).join(' · ');
    tick();
    const buttons = [];
    if (!finished) {
      if (!signedIn()) buttons.push(h('a', { class: 'button', href: '/signin' }, t('tour-sign-in-to-join')));
      else if (tour.you?.active) buttons.push(h('button', { type: 'button', onclick: act(() => api.withdrawTournament(id)) }, t('tour-withdraw')));
      else buttons.push(h('button', { type: 'button', class: 'primary', onclick: act(() => api.joinTournament(id)) }, tour.you ? t('tour-join-again') : t('tour-join')));
      if (tour.creator && tour.status === 'created') buttons.push(h('button', { type: 'button', onclick: act(() => api.startTournament(id)) }, t('tour-start-now')));
      if (tour.creator && tour.status === 'started') buttons.push(h('button', { type: 'button', class: 'danger', onclick: act(() => api.finishTournament(id)) }, t('tour-end-now')));
    }
    if (tour.you?.game) buttons.push(h('a', { class: 'button primary', href: `/game/${encodeURIComponent(tour.you.game)}` }, t('tour-your-game')));
    fill(actions, buttons);
    fill(podium, finished && tour.podium.length
      ? [h('h2', {}, t('tour-podium')), h('ol', { class: 'podium-list' }, tour.podium.map((/** @type {any} */ s) => h('li', {},
        h('a', { href: `/player/${encodeURIComponent(s.name)}` }, s.name), ` — ${t('tour-podium-line', { points: s.score, performance: String(s.performance ?? '–') })}`)))]
      : []);
    const swiss = tour.kind === 'swiss';
    const columns = swiss ? ['#', t('tour-col-player'), t('tour-col-points'), t('tour-col-buchholz-cut1'), t('tour-col-buchholz'), t('tour-col-sonneborn-berger'), '']
      : ['#', t('tour-col-player'), t('tour-col-sheet'), t('tour-col-points'), t('tour-col-games'), t('tour-col-performance'), ''];
    fill(table, tour.standings.length
      ? h('table', { class: 'standings', 'aria-label': t('tour-standings') },
        h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, tour.standings.map((/** @type {any} */ s) => (swiss ? swissRow(s) : standingRow(s, finished)))))
      : h('p', { class: 'empty-list' }, t('tour-nobody')),
    swiss && tour.round ? h('p', { class: 'meta' }, t('tour-round', { round: tour.round, rounds: tour.rounds })) : null,
    swiss && tour.pairings.length ? h('div', { class: 'swiss-rounds' }, h('h2', {}, t('tour-pairings')), swissRounds(tour.pairings)) : null);
    const game = tour.you?.active && tour.you.game;
    if (game && !opened.has(game) && tour.status === 'started') {
      opened.add(game);
      navigate(`/game/${encodeURIComponent(game)}`);
    }
  }

  const timer = window.setInterval(tick, 1000);
  // Join or Sign in depends on the session, which may come after the page.
  const redraw = () => { if (current) render(current); };
  const unwatch = onSession(redraw);
  knownSession().then(redraw).catch(() => {});
  api.tournament(id).then((tour) => {
    // Games already on when the page opens are not opened on their own.
    if (tour.you?.game) opened.add(tour.you.game);
    if (!controller.signal.aborted) render(tour);
    follow(id, controller.signal, (next) => { if (!controller.signal.aborted) render(next); });
  }).catch((err) => {
    fill(table, h('p', { class: 'error' }, t('tour-error', { error: err.message })));
  });
  return () => {
    controller.abort();
    clearInterval(timer);
    unwatch();
  };
}
