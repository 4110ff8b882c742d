// @ts-check
// The tournaments: upcoming (soonest first), running and lately finished
// arenas, and the form that makes one (signed-in players).

import { api } from './api.js';
import { dateText, fill, h } from './dom.js';
import { rulesText } from './words.js';
import { knownSession, onSession, signedIn } from './session.js';
import { createTournamentForm } from './tournament/form.js';

/** One line of the list: a TOURNAMENT_SUMMARY. */
function line(/** @type {any} */ t) {
  const when = t.status === 'created' ? `starts ${dateText(t.starts_at)}`
    : t.status === 'started' ? `ends ${dateText(t.ends_at)}` : `ended ${dateText(t.ends_at)}`;
  return h('li', { class: 'tournament-line' },
    h('a', { href: `/tournament/${encodeURIComponent(t.id)}` }, t.name), ' ',
    h('span', { class: 'meta' },
      `${t.kind === 'swiss' ? `Swiss, ${t.rounds} rounds` : `arena, ${t.minutes} min`} · ${rulesText(t.rules)} · ${t.time_control} · ${t.rated ? 'rated' : 'casual'} · ${when}`,
      t.scheduled ? ' · by the server' : ''));
}

/**
 * @param {HTMLElement} outlet
 */
export function mountTournaments(outlet) {
  let gone = false;
  const lists = h('div', { 'aria-live': 'polite' }, h('p', {}, 'Loading…'));
  const form = h('div', {});
  // The form for a signed-in player, a link to sign in otherwise (the
  // session may be known only after the page is drawn).
  const showForm = () => {
    if (signedIn() && !form.querySelector('form')) fill(form, createTournamentForm());
    else if (!signedIn()) fill(form, h('p', { class: 'hint' }, h('a', { href: '/signin?next=/tournaments' }, 'Sign in'), ' to make a tournament or to play in one.'));
  };
  showForm();
  const unwatch = onSession(showForm);
  knownSession().then(showForm).catch(() => {});
  outlet.append(h('div', { class: 'tournaments' },
    h('h1', {}, 'Tournaments'),
    h('p', { class: 'hint' }, 'Arenas: play as many games as you can until the time is up. A win is 2 points, a draw 1; after two wins in a row a win is 4 and a draw 2. Berserk halves your clock for a point more on a win.'),
    lists,
    h('section', { 'aria-labelledby': 'new-tournament' }, h('h2', { id: 'new-tournament' }, 'New arena'), form)));
  const section = (/** @type {string} */ title, /** @type {any[]} */ items, /** @type {string} */ empty) => h('section', {},
    h('h2', {}, title),
    items.length ? h('ul', { class: 'tournament-list', 'aria-label': title }, items.map(line)) : h('p', { class: 'empty-list' }, empty));
  api.tournaments().then(({ upcoming, running, finished }) => {
    if (gone) return;
    fill(lists,
      section('Running', running, 'No tournament is running.'),
      section('Upcoming', upcoming, 'No tournament is announced.'),
      section('Finished', finished, 'No tournament has finished yet.'));
  }).catch((err) => {
    if (!gone) fill(lists, h('p', { class: 'error' }, `The tournaments cannot be loaded: ${err.message}.`));
  });
  return () => {
    gone = true;
    unwatch();
  };
}
