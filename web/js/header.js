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
import { language, languages, setLanguage } from './i18n.js';

const enc = encodeURIComponent;

function renderMe() {
  const me = document.getElementById('me');
  if (!me) return;
  const session = currentSession();
  const back = enc(location.pathname + location.search);
  if (session?.account) {
    fill(me,
      h('a', { href: `/player/${enc(session.name)}`, class: 'me-name', 'aria-label': `Your page: ${session.name}` }, session.name),
      ' ',
      h('a', { href: '/account' }, 'Settings'));
  } else {
    fill(me,
      session ? h('span', { class: 'me-name' }, `Guest: ${session.name}`) : null,
      ' ',
      h('a', { href: `/signin?next=${back}` }, 'Sign in'),
      ' ',
      h('a', { href: `/signup?next=${back}` }, 'Sign up'));
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
  fill(link, 'My games', waiting ? h('span', { class: 'badge', 'aria-hidden': 'true' }, String(waiting)) : null);
  const parts = [
    turns ? `${turns} waiting for your move` : null,
    challenges ? `${challenges} ${challenges === 1 ? 'challenge' : 'challenges'}` : null,
  ].filter(Boolean);
  link.setAttribute('aria-label', parts.length ? `My games: ${parts.join(', ')}` : 'My games');
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
    toast(`The challenge cannot be accepted: ${err.message}.`);
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
    toast('You declined the challenge.');
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
      toast(`${c.creator?.name ?? 'Someone'} challenges you.`, [
        h('button', { type: 'button', class: 'primary', onclick: () => acceptChallenge(c) }, 'Accept'),
        h('button', { type: 'button', onclick: () => declineChallenge(c) }, 'Decline'),
      ]);
      break;
    }
    case 'challengeDeclined':
      refreshTurns();
      toast(`${event.challenge?.opponent?.player ?? 'The player'} declined your challenge${declineText(event.challenge?.decline_reason)}.`);
      break;
    case 'challengeCanceled':
      refreshTurns();
      toast(`${event.challenge?.creator?.name ?? 'The player'} withdrew the challenge.`);
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
 * The reason of a declined challenge, for the toast: ": too fast for me", or nothing.
 * @param {string | undefined} reason
 */
function declineText(reason) {
  const found = DECLINE_REASONS.find(([key]) => key === reason);
  return found && reason !== 'generic' ? ` (${found[1].toLowerCase()})` : '';
}
