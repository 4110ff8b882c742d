// @ts-check
// The header: who you are (a guest, or your account with its page and
// settings), how many of your games wait for your move, and the events
// that reach you anywhere on the site (a challenge, a game that starts).

import { api } from './api.js';
import { fill, h } from './dom.js';
import { onEvent } from './events.js';
import { navigate } from './router.js';
import { currentSession, onSession, setSession, toast } from './session.js';

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

/** Counts the games where it is your turn, in the "My games" link. */
export async function refreshTurns() {
  const link = document.getElementById('my-games');
  if (!link) return;
  let waiting = 0;
  if (currentSession()) {
    try {
      const { games } = await api.myGames();
      waiting = games.filter((/** @type {any} */ g) => g.your_turn).length;
    } catch {
      waiting = 0;
    }
  }
  fill(link, 'My games', waiting ? h('span', { class: 'badge', 'aria-hidden': 'true' }, String(waiting)) : null);
  link.setAttribute('aria-label', waiting ? `My games: ${waiting} waiting for your move` : 'My games');
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
      const token = String(c.invite ?? '').replace('/invite/', '');
      toast(`${c.creator?.name ?? 'Someone'} challenges you.`, [
        h('button', {
          type: 'button',
          class: 'primary',
          onclick: async () => {
            try {
              const { game_id: id } = await api.joinInvite(token);
              navigate(`/game/${enc(id)}`);
            } catch (err) {
              toast(`The challenge cannot be accepted: ${err.message}.`);
            }
          },
        }, 'Accept'),
        h('button', {
          type: 'button',
          onclick: async () => {
            try {
              await api.cancelTable(c.id);
              toast('You declined the challenge.');
            } catch (err) {
              toast(err.message);
            }
          },
        }, 'Decline'),
      ]);
      break;
    }
    case 'challengeDeclined':
      toast(`${event.challenge?.opponent?.player ?? 'The player'} declined your challenge.`);
      break;
    case 'challengeCanceled':
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

/** Draws the header and keeps it up to date. */
export function startHeader() {
  onSession(() => {
    renderMe();
    refreshTurns();
  });
  onEvent(onPlayerEvent);
  window.addEventListener('popstate', renderMe);
  renderMe();
  refreshTurns();
}
