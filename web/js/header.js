// @ts-check
// The header: who you are (a guest, or your account with its page and
// settings), how many of your games wait for your move, and the events
// that reach you anywhere on the site (a challenge, a game that starts).

import { api } from './api.js';
import { fill, h } from './dom.js';
import { onEvent } from './events.js';
import { navigate } from './router.js';
import { currentSession, onSession, setSession, toast } from './session.js';
import { DECLINE_REASONS } from './words.js';
import { formatNumber, language, languages, setLanguage, t } from './i18n.js';

const enc = encodeURIComponent;

function renderMe() {
  const me = document.getElementById('me');
  if (!me) return;
  const session = currentSession();
  const back = enc(location.pathname + location.search);
  if (session?.account) {
    fill(me,
      h('a', { href: `/player/${enc(session.name)}`, class: 'me-name', 'aria-label': t('me-your-page', { name: session.name }) }, session.name),
      ' ',
      h('a', { href: '/account' }, t('me-settings')));
  } else {
    fill(me,
      session ? h('span', { class: 'me-name' }, t('me-guest', { name: session.name })) : null,
      ' ',
      h('a', { href: `/signin?next=${back}` }, t('sign-in')),
      ' ',
      h('a', { href: `/signup?next=${back}` }, t('sign-up')));
  }
}

/** Counts the games where it is your turn and the challenges you received, in the "My games" link. */
export async function refreshTurns() {
  const link = document.getElementById('my-games');
  if (!link) return;
  let turns = 0;
  let challenges = 0;
  if (currentSession()) {
    try {
      const mine = await api.myGames();
      turns = mine.games.filter((/** @type {any} */ g) => g.your_turn).length;
      challenges = mine.challenges?.received?.length ?? 0;
    } catch {
      turns = 0;
    }
  }
  const waiting = turns + challenges;
  fill(link, t('nav-my-games'), waiting ? h('span', { class: 'badge', 'aria-hidden': 'true' }, formatNumber(waiting)) : null);
  const parts = [
    turns ? t('my-games-turns', { count: turns }) : null,
    challenges ? t('my-games-challenges', { count: challenges }) : null,
  ].filter(Boolean);
  link.setAttribute('aria-label', parts.length ? t('my-games-waiting', { waiting: parts.join(', ') }) : t('nav-my-games'));
}

/**
 * Accepts the challenge `table` (its invite) and opens the game.
 * @param {any} table
 */
export async function acceptChallenge(table) {
  const token = String(table.invite ?? '').replace('/invite/', '');
  try {
    const { game_id: id } = await api.joinInvite(token);
    navigate(`/game/${enc(id)}`);
  } catch (err) {
    toast(t('challenge-cannot-accept', { error: err.message }));
  }
}

/**
 * Declines the challenge `table` (the challenger is told, with `reason`).
 * @param {any} table
 * @param {string} [reason]
 */
export async function declineChallenge(table, reason = 'generic') {
  try {
    await api.declineChallenge(table.id, reason);
    toast(t('challenge-you-declined'));
  } catch (err) {
    toast(err.message);
  }
  refreshTurns();
}

/** @param {any} event */
function onPlayerEvent(event) {
  switch (event.type) {
    case 'gameStart':
    case 'yourTurn':
    case 'gameFinish':
      refreshTurns();
      break;
    case 'challenge': {
      const c = event.challenge;
      // It stays in "My games" until accepted or declined.
      refreshTurns();
      toast(c.creator?.name ? t('challenge-from', { name: c.creator.name }) : t('challenge-from-someone'), [
        h('button', { type: 'button', class: 'primary', onclick: () => acceptChallenge(c) }, t('accept')),
        h('button', { type: 'button', onclick: () => declineChallenge(c) }, t('decline')),
      ]);
      break;
    }
    case 'challengeDeclined':
      refreshTurns();
      toast(declinedText(event.challenge?.opponent?.player, event.challenge?.decline_reason));
      break;
    case 'challengeCanceled':
      refreshTurns();
      toast(event.challenge?.creator?.name ? t('challenge-withdrawn-by', { name: event.challenge.creator.name }) : t('challenge-withdrawn'));
      break;
    default:
  }
}

/** Signs this browser out (the session ends on the server). */
export async function signOut() {
  try {
    await api.signOut();
  } finally {
    setSession(null);
    navigate('/');
  }
}

/** The language switch: the languages the site speaks, each in its own name. */
function languageSwitch() {
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('language'));
  if (!select) return;
  fill(select, ...languages().map(({ code, name }) =>
    h('option', { value: code, lang: code, selected: code === language() }, name)));
  select.addEventListener('change', () => {
    setLanguage(select.value).catch((err) => toast(err.message));
  });
}

/** Draws the header and keeps it up to date. */
export function startHeader() {
  languageSwitch();
  onSession(() => {
    renderMe();
    refreshTurns();
  });
  onEvent(onPlayerEvent);
  window.addEventListener('popstate', renderMe);
  renderMe();
  refreshTurns();
}

/**
 * A declined challenge, for the toast: "Kofi declined your challenge (too fast for me)."
 * @param {string | undefined} name
 * @param {string | undefined} reason
 */
function declinedText(name, reason) {
  const found = DECLINE_REASONS.find(([code]) => code === reason);
  const why = found && reason !== 'generic' ? t(found[1]).toLocaleLowerCase(language()) : null;
  const who = name ?? t('challenge-the-player');
  return why ? t('challenge-declined-because', { name: who, reason: why }) : t('challenge-declined', { name: who });
}
