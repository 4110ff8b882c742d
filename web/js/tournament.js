// @ts-check
// A tournament's page: what it is, its clock (starts in, ends in), join
// and withdraw, the creator's start now and end now, the standings live
// (GET /api/tournaments/{id}/stream, NDJSON), a BOT badge on bots, a
// Swiss event's pairings round by round, the podium once over; and the
// player's next game opening on its own as soon as it is paired.

import { api } from './api.js';
import { clockText, dateText, fill, h } from './dom.js';
import { navigate } from './router.js';
import { knownSession, onSession, signedIn } from './session.js';
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
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n');
        while (end >= 0) {
          const text = buffer.slice(0, end).trim();
          buffer = buffer.slice(end + 1);
          if (text) onTournament(JSON.parse(text));
          end = buffer.indexOf('\n');
        }
      }
    } catch (err) {
      if (signal.aborted) return;
    }
    await new Promise((resolve) => { setTimeout(resolve, 2000); });
  }
}

/** A player's name, linked to the profile, with the BOT badge for a bot. */
function playerName(/** @type {any} */ s) {
  return [h('a', { href: `/player/${encodeURIComponent(s.name)}` }, s.name),
    s.bot ? [' ', h('span', { class: 'bot-badge', title: 'A bot: an engine plays this account' }, 'BOT')] : null];
}

/** The result of a Swiss pairing as players write it. */
function resultText(/** @type {any} */ p) {
  if (p.bye) return 'bye';
  return { S: '1–0', N: '0–1', D: '½–½' }[p.result] ?? 'playing';
}

/** A Swiss event's pairings, the latest round first. */
function swissRounds(/** @type {any[]} */ pairings) {
  const rounds = [...new Set(pairings.map((p) => p.round))].sort((a, b) => b - a);
  return rounds.map((round) => h('section', { class: 'swiss-round', 'aria-label': `Round ${round}` },
    h('h3', {}, `Round ${round}`),
    h('table', { class: 'pairings' }, h('tbody', {}, pairings.filter((p) => p.round === round).map((p) => h('tr', {},
      h('td', {}, p.south),
      h('td', {}, p.bye ? '' : p.north),
      h('td', { class: 'result' }, p.game ? h('a', { href: `/game/${encodeURIComponent(p.game)}` }, resultText(p)) : resultText(p))))))));
}

/** A Swiss event's standings line: points and tie-breaks. */
function swissRow(/** @type {any} */ s) {
  return h('tr', { class: s.active ? '' : 'withdrawn' },
    h('td', { class: 'rank' }, `${s.rank}`),
    h('td', {}, ...playerName(s), s.active ? null : h('span', { class: 'meta' }, ' (withdrawn)')),
    h('td', { class: 'score' }, `${s.score}`),
    h('td', {}, `${s.buchholz_cut1}`),
    h('td', {}, `${s.buchholz}`),
    h('td', {}, `${s.sonneborn_berger}`),
    h('td', {}, s.playing ? h('a', { href: `/game/${encodeURIComponent(s.playing)}` }, 'watch') : ''));
}

/** A standings line. */
function standingRow(/** @type {any} */ s, /** @type {boolean} */ finished) {
  return h('tr', { class: s.active ? '' : 'withdrawn' },
    h('td', { class: 'rank' }, `${s.rank}`),
    h('td', {}, ...playerName(s), s.fire ? h('span', { class: 'fire', title: 'On fire: the next win scores 4' }, ' 🔥') : null,
      s.active ? null : h('span', { class: 'meta' }, ' (paused)')),
    h('td', { class: 'sheet' }, s.sheet.join(' ')),
    h('td', { class: 'score' }, `${s.score}`),
    h('td', {}, `${s.games}`),
    h('td', {}, finished || s.performance === null ? `${s.performance ?? '–'}` : `${s.performance}`),
    h('td', {}, s.playing ? h('a', { href: `/game/${encodeURIComponent(s.playing)}` }, 'watch') : ''));
}

/**
 * @param {HTMLElement} outlet
 * @param {{id: string}} params
 */
export function mountTournament(outlet, { id }) {
  const controller = new AbortController();
  const title = h('h1', {}, 'Tournament');
  const about = h('p', { class: 'meta' });
  const when = h('p', { class: 'when', 'aria-live': 'off' });
  const actions = h('div', { class: 'controls' });
  const message = h('p', { class: 'error', role: 'alert', hidden: true });
  const podium = h('div', { class: 'podium' });
  const table = h('div', { 'aria-live': 'polite' }, h('p', {}, 'Loading…'));
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
    const t = current;
    if (!t) return;
    const skew = Date.now() - t.now;
    const now = Date.now() - skew;
    if (t.status === 'created') when.textContent = `Starts in ${clockText(t.starts_at - now)} (${dateText(t.starts_at)})`;
    else if (t.status === 'started') when.textContent = t.kind === 'swiss' ? `Round ${t.round} of ${t.rounds}` : `Ends in ${clockText(t.ends_at - now)}`;
    else when.textContent = `Finished ${dateText(t.ends_at)}`;
  }

  /** @param {any} t TOURNAMENT */
  function render(t) {
    current = t;
    const finished = t.status === 'finished';
    title.textContent = t.name;
    const length = t.kind === 'swiss' ? `Swiss, ${t.rounds} rounds` : `${t.minutes} minutes`;
    about.textContent = `${rulesText(t.rules)} · ${t.time_control} · ${length} · ${t.rated ? 'rated' : 'casual'}`
      + `${t.min_rating ? ` · rating ${t.min_rating}+` : ''}${t.min_games ? ` · ${t.min_games}+ rated games` : ''}`
      + `${t.bots_allowed ? ' · bots welcome' : ''} · ${t.players} ${t.players === 1 ? 'player' : 'players'}`;
    tick();
    const buttons = [];
    if (!finished) {
      if (!signedIn()) buttons.push(h('a', { class: 'button', href: '/signin' }, 'Sign in to join'));
      else if (t.you?.active) buttons.push(h('button', { type: 'button', onclick: act(() => api.withdrawTournament(id)) }, 'Withdraw'));
      else buttons.push(h('button', { type: 'button', class: 'primary', onclick: act(() => api.joinTournament(id)) }, t.you ? 'Join again' : 'Join'));
      if (t.creator && t.status === 'created') buttons.push(h('button', { type: 'button', onclick: act(() => api.startTournament(id)) }, 'Start now'));
      if (t.creator && t.status === 'started') buttons.push(h('button', { type: 'button', class: 'danger', onclick: act(() => api.finishTournament(id)) }, 'End now'));
    }
    if (t.you?.game) buttons.push(h('a', { class: 'button primary', href: `/game/${encodeURIComponent(t.you.game)}` }, 'Your game'));
    fill(actions, buttons);
    fill(podium, finished && t.podium.length
      ? [h('h2', {}, 'Podium'), h('ol', { class: 'podium-list' }, t.podium.map((/** @type {any} */ s) => h('li', {},
        h('a', { href: `/player/${encodeURIComponent(s.name)}` }, s.name), ` — ${s.score} points, performance ${s.performance ?? '–'}`)))]
      : []);
    const swiss = t.kind === 'swiss';
    const columns = swiss ? ['#', 'Player', 'Points', 'Buchholz cut 1', 'Buchholz', 'Sonneborn–Berger', '']
      : ['#', 'Player', 'Sheet', 'Points', 'Games', 'Performance', ''];
    fill(table, t.standings.length
      ? h('table', { class: 'standings', 'aria-label': 'Standings' },
        h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, t.standings.map((/** @type {any} */ s) => (swiss ? swissRow(s) : standingRow(s, finished)))))
      : h('p', { class: 'empty-list' }, 'Nobody has joined yet.'),
    swiss && t.round ? h('p', { class: 'meta' }, `Round ${t.round} of ${t.rounds}`) : null,
    swiss && t.pairings.length ? h('div', { class: 'swiss-rounds' }, h('h2', {}, 'Pairings'), swissRounds(t.pairings)) : null);
    const game = t.you?.active && t.you.game;
    if (game && !opened.has(game) && t.status === 'started') {
      opened.add(game);
      navigate(`/game/${encodeURIComponent(game)}`);
    }
  }

  const timer = window.setInterval(tick, 1000);
  // Join or Sign in depends on the session, which may come after the page.
  const redraw = () => { if (current) render(current); };
  const unwatch = onSession(redraw);
  knownSession().then(redraw).catch(() => {});
  api.tournament(id).then((t) => {
    // Games already on when the page opens are not opened on their own.
    if (t.you?.game) opened.add(t.you.game);
    if (!controller.signal.aborted) render(t);
    follow(id, controller.signal, (next) => { if (!controller.signal.aborted) render(next); });
  }).catch((err) => {
    fill(table, h('p', { class: 'error' }, `This tournament cannot be shown: ${err.message}.`));
  });
  return () => {
    controller.abort();
    clearInterval(timer);
    unwatch();
  };
}
