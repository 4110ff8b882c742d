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
import { DECLINE_REASONS, ratedText, rulesText } from './words.js';
import { t } from './i18n.js';

/**
 * One challenge, received (accept, decline) or sent (withdraw).
 * @param {any} table
 * @param {() => void} reload
 */
function challengeItem(table, reload) {
  const who = table.yours
    ? t('mygames-you-challenged', { name: table.opponent?.player ?? '' })
    : t('mygames-challenges-you', { name: table.creator?.name ?? t('mygames-someone') });
  const kind = [rulesText(table.rules), timeControlText(table.clock), ratedText(table)].join(' · ');
  const withdraw = async () => {
    try {
      await api.cancelTable(table.id);
      toast(t('mygames-withdrew'));
    } catch (err) {
      toast(err.message);
    }
    reload();
  };
  const reason = /** @type {HTMLSelectElement} */ (h('select', { class: 'decline-reason', 'aria-label': t('mygames-decline-reason', { who }) },
    DECLINE_REASONS.map(([value, label]) => h('option', { value }, t(label)))));
  const actions = table.yours
    ? [h('button', { type: 'button', onclick: withdraw, 'aria-label': t('mygames-withdraw-label', { who }) }, t('offer-withdraw'))]
    : [h('button', { type: 'button', class: 'primary', onclick: () => acceptChallenge(table), 'aria-label': t('mygames-accept-label', { who }) }, t('accept')), ' ',
      reason, ' ',
      h('button', { type: 'button', onclick: async () => { await declineChallenge(table, reason.value); reload(); }, 'aria-label': t('mygames-decline-label', { who }) }, t('decline'))];
  return h('li', { class: 'table-item challenge', 'data-table': table.id },
    h('p', { class: 'players' }, who),
    h('p', { class: 'meta' }, kind),
    h('p', { class: 'actions' }, actions));
}

/** @param {HTMLElement} outlet */
export function mountMyGames(outlet) {
  let gone = false;
  const body = h('div', { 'aria-live': 'polite' }, h('p', {}, t('loading')));
  outlet.append(h('div', { class: 'my-games' }, h('h1', {}, t('nav-my-games')), body));

  async function load() {
    const session = await knownSession().catch(() => null);
    if (gone) return;
    if (!session) {
      fill(body, h('p', {}, t('mygames-none-yet'), ' ', h('a', { href: '/' }, t('mygames-play-one')), '.'));
      return;
    }
    const { games, challenges } = await api.myGames();
    if (gone) return;
    const received = challenges?.received ?? [];
    const sent = challenges?.sent ?? [];
    const reload = () => { load().catch(() => {}); refreshTurns(); };
    const challengeList = received.length || sent.length
      ? [h('h2', {}, t('mygames-challenges-count', { count: received.length + sent.length })),
        h('ul', { class: 'open-tables challenges', 'aria-label': t('mygames-challenges') },
          [...received, ...sent].map((c) => challengeItem(c, reload)))]
      : [];
    const mine = games.filter((/** @type {any} */ g) => g.your_turn);
    const theirs = games.filter((/** @type {any} */ g) => !g.your_turn);
    const list = (/** @type {any[]} */ list, /** @type {string} */ label) => h('ul', { class: 'game-list', 'aria-label': label },
      list.map((g) => {
        const item = gameItem(g, { you: g.you, link: 'game' });
        if (g.deadline) {
          const left = clockText(g.deadline - Date.now());
          item.append(h('p', { class: 'time-left' }, g.your_turn ? t('mygames-you-have-left', { left }) : t('mygames-they-have-left', { left })));
        }
        return item;
      }));
    fill(body,
      ...challengeList,
      h('h2', {}, t('mygames-your-turn-count', { count: mine.length })),
      mine.length ? list(mine, t('mygames-your-turn')) : h('p', { class: 'empty-list' }, t('mygames-none-waiting')),
      h('h2', {}, t('mygames-their-turn-count', { count: theirs.length })),
      theirs.length ? list(theirs, t('mygames-their-turn')) : h('p', { class: 'empty-list' }, t('mygames-none')));
  }

  const off = onEvent((event) => {
    if (['gameStart', 'yourTurn', 'gameFinish', 'challenge', 'challengeDeclined', 'challengeCanceled'].includes(event.type)) {
      load().catch(() => {});
    }
  });
  load().catch((err) => fill(body, h('p', { class: 'error' }, t('mygames-cannot-load', { error: err.message }))));
  return () => {
    gone = true;
    off();
  };
}
