// @ts-check
// "My games": the games you are playing, those waiting for your move
// first, with the time left; it follows your event stream.

import { api } from './api.js';
import { clockText, fill, h } from './dom.js';
import { onEvent } from './events.js';
import { gameItem } from './games-list.js';
import { knownSession } from './session.js';

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
    const { games } = await api.myGames();
    if (gone) return;
    const mine = games.filter((/** @type {any} */ g) => g.your_turn);
    const theirs = games.filter((/** @type {any} */ g) => !g.your_turn);
    const list = (/** @type {any[]} */ list, /** @type {string} */ label) => h('ul', { class: 'game-list', 'aria-label': label },
      list.map((g) => {
        const item = gameItem(g, { you: g.you, link: 'game' });
        if (g.deadline) item.append(h('p', { class: 'time-left' }, `${g.your_turn ? 'You have' : 'They have'} ${clockText(g.deadline - Date.now())} left.`));
        return item;
      }));
    fill(body,
      h('h2', {}, `Your turn (${mine.length})`),
      mine.length ? list(mine, 'Your turn') : h('p', { class: 'empty-list' }, 'No game is waiting for your move.'),
      h('h2', {}, `Their turn (${theirs.length})`),
      theirs.length ? list(theirs, 'Their turn') : h('p', { class: 'empty-list' }, 'None.'));
  }

  const off = onEvent((event) => {
    if (['gameStart', 'yourTurn', 'gameFinish'].includes(event.type)) load().catch(() => {});
  });
  load().catch((err) => fill(body, h('p', { class: 'error' }, `Your games cannot be loaded: ${err.message}.`)));
  return () => {
    gone = true;
    off();
  };
}
