// @ts-check
// The tournaments: upcoming (soonest first), running and lately finished
// arenas, and the form that makes one (signed-in players).

import { api } from './api.js';
import { dateText, fill, h } from './dom.js';
import { t } from './i18n.js';
import { rulesText } from './words.js';
import { knownSession, onSession, signedIn } from './session.js';
import { createTournamentForm } from './tournament/form.js';

/** One line of the list: a TOURNAMENT_SUMMARY. */
function line(/** @type {any} */ tour) {
  const when = tour.status === 'created' ? t('tour-line-starts', { date: dateText(tour.starts_at) })
    : tour.status === 'started' ? t('tour-line-ends', { date: dateText(tour.ends_at) }) : t('tour-line-ended', { date: dateText(tour.ends_at) });
  const kind = tour.kind === 'swiss' ? t('tour-line-swiss', { rounds: tour.rounds }) : t('tour-line-arena', { minutes: tour.minutes });
  return h('li', { class: 'tournament-line' },
    h('a', { href: `/tournament/${encodeURIComponent(tour.id)}` }, tour.name), ' ',
    h('span', { class: 'meta' },
      `${kind} · ${rulesText(tour.rules)} · ${tour.time_control} · ${tour.rated ? t('tour-rated') : t('tour-casual')} · ${when}`,
      tour.scheduled ? ` · ${t('tour-by-server')}` : ''));
}

/**
 * @param {HTMLElement} outlet
 */
export function mountTournaments(outlet) {
  let gone = false;
  const lists = h('div', { 'aria-live': 'polite' }, h('p', {}, t('tour-loading')));
  const form = h('div', {});
  // The form for a signed-in player, a link to sign in otherwise (the
  // session may be known only after the page is drawn).
  const showForm = () => {
    if (signedIn() && !form.querySelector('form')) fill(form, createTournamentForm());
    else if (!signedIn()) fill(form, h('p', { class: 'hint' }, h('a', { href: '/signin?next=/tournaments' }, t('tour-sign-in')), ' ', t('tour-sign-in-why')));
  };
  showForm();
  const unwatch = onSession(showForm);
  knownSession().then(showForm).catch(() => {});
  outlet.append(h('div', { class: 'tournaments' },
    h('h1', {}, t('tour-list-title')),
    h('p', { class: 'hint' }, t('tour-list-about')),
    lists,
    h('section', { 'aria-labelledby': 'new-tournament' }, h('h2', { id: 'new-tournament' }, t('tour-new')), form)));
  const section = (/** @type {string} */ title, /** @type {any[]} */ items, /** @type {string} */ empty) => h('section', {},
    h('h2', {}, title),
    items.length ? h('ul', { class: 'tournament-list', 'aria-label': title }, items.map(line)) : h('p', { class: 'empty-list' }, empty));
  api.tournaments().then(({ upcoming, running, finished }) => {
    if (gone) return;
    fill(lists,
      section(t('tour-running'), running, t('tour-running-none')),
      section(t('tour-upcoming'), upcoming, t('tour-upcoming-none')),
      section(t('tour-finished'), finished, t('tour-finished-none')));
  }).catch((err) => {
    if (!gone) fill(lists, h('p', { class: 'error' }, t('tour-list-error', { error: err.message })));
  });
  return () => {
    gone = true;
    unwatch();
  };
}
