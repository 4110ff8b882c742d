// @ts-check
// "My games": the challenges waiting for you (accept or decline) and
// those you sent (withdraw), then the games you are playing, those waiting
// for your move first, with the time left; it follows your event stream.

import { api } from './api.js';
import {
  clockText, fill, h, timeControlText,
} from './dom.js';
import { onEvent } from './events.js';
import { gameItem } from './games-list.js';
import { acceptChallenge, declineChallenge, refreshTurns } from './header.js';
import { knownSession, toast } from './session.js';
import { DECLINE_REASONS, rulesText } from './words.js';

/**
 * One challenge, received (accept, decline) or sent (withdraw).
 * @param {any} table
 * @param {() => void} reload
 */
function challengeItem(table, reload) {
  const who = table.yours ? `You challenged ${table.opponent?.player ?? ''}` : `${table.creator?.name ?? 'Someone'} challenges you`;
  const kind = [rulesText(table.rules), timeControlText(table.clock), table.rated ? 'rated' : 'casual'].join(' · ');
  const withdraw = async () => {
    try {
      await api.cancelTable(table.id);
      toast('You withdrew the challenge.');
    } catch (err) {
      toast(err.message);
    }
    reload();
  };
  const reason = /** @type {HTMLSelectElement} */ (h('select', { class: 'decline-reason', 'aria-label': `Reason to decline: ${who}` },
    DECLINE_REASONS.map(([value, label]) => h('option', { value }, label))));
  const actions = table.yours
    ? [h('button', { type: 'button', onclick: withdraw, 'aria-label': `Withdraw: ${who}` }, 'Withdraw')]
    : [h('button', { type: 'button', class: 'primary', onclick: () => acceptChallenge(table), 'aria-label': `Accept: ${who}` }, 'Accept'), ' ',
      reason, ' ',
      h('button', { type: 'button', onclick: async () => { await declineChallenge(table, reason.value); reload(); }, 'aria-label': `Decline: ${who}` }, 'Decline')];
  return h('li', { class: 'table-item challenge', 'data-table': table.id },
    h('p', { class: 'players' }, who),
    h('p', { class: 'meta' }, kind),
    h('p', { class: 'actions' }, actions));
}

/** @param {HTMLElement} outlet */
export function mountMyGames(outlet) {
  let gone = false;
  const body = h('div', { 'aria-live': 'polite' }, h('p', {}, 'Loading…'));
  outlet.append(h('div', { class: 'my-games' }, h('h1', {}, 'My games'), body));

  async function load() {
    const session = await knownSession().catch(() => null);
    if (gone) return;
    if (!session) {
      fill(body, h('p', {}, 'You have no game yet. ', h('a', { href: '/' }, 'Play one'), '.'));
      return;
    }
    const { games, challenges } = await api.myGames();
    if (gone) return;
    const received = challenges?.received ?? [];
    const sent = challenges?.sent ?? [];
    const reload = () => { load().catch(() => {}); refreshTurns(); };
    const challengeList = received.length || sent.length
      ? [h('h2', {}, `Challenges (${received.length + sent.length})`),
        h('ul', { class: 'open-tables challenges', 'aria-label': 'Challenges' },
          [...received, ...sent].map((t) => challengeItem(t, reload)))]
      : [];
    const mine = games.filter((/** @type {any} */ g) => g.your_turn);
    const theirs = games.filter((/** @type {any} */ g) => !g.your_turn);
    const list = (/** @type {any[]} */ list, /** @type {string} */ label) => h('ul', { class: 'game-list', 'aria-label': label },
      list.map((g) => {
        const item = gameItem(g, { you: g.you, link: 'game' });
        if (g.deadline) item.append(h('p', { class: 'time-left' }, `${g.your_turn ? 'You have' : 'They have'} ${clockText(g.deadline - Date.now())} left.`));
        return item;
      }));
    fill(body,
      ...challengeList,
      h('h2', {}, `Your turn (${mine.length})`),
      mine.length ? list(mine, 'Your turn') : h('p', { class: 'empty-list' }, 'No game is waiting for your move.'),
      h('h2', {}, `Their turn (${theirs.length})`),
      theirs.length ? list(theirs, 'Their turn') : h('p', { class: 'empty-list' }, 'None.'));
  }

  const off = onEvent((event) => {
    if (['gameStart', 'yourTurn', 'gameFinish', 'challenge', 'challengeDeclined', 'challengeCanceled'].includes(event.type)) {
      load().catch(() => {});
    }
  });
  load().catch((err) => fill(body, h('p', { class: 'error' }, `Your games cannot be loaded: ${err.message}.`)));
  return () => {
    gone = true;
    off();
  };
}
