// @ts-check
// The two seats around the board: each player's name (and the computer's
// level), whether a person is online, the seeds captured or in the
// store, whose turn it is, the clock, and the time left for a first move
// in a game the server paired.

import { botBadge } from '../badge.js';
import { fill, h } from '../dom.js';
import { isKalah, opposite } from '../rules.js';
import {
  diffText, playerName, ratingText, sideName,
} from '../words.js';
import { createClocks } from './clocks.js';
import { t } from '../i18n.js';

/** @param {'top' | 'bottom'} where */
const seat = (where) => h('div', { class: `seat ${where}` },
  h('span', { class: 'turn-mark', 'aria-hidden': 'true' }),
  h('span', { class: 'who' }),
  h('span', { class: 'link-state' }),
  h('span', { class: 'captured-count' }),
  h('span', { class: 'clock', role: 'timer', 'aria-live': 'off' }),
  h('span', { class: 'first-move', hidden: true }));

/**
 * @param {HTMLElement} el
 * @param {string} selector
 */
const part = (el, selector) => /** @type {HTMLElement} */ (el.querySelector(selector));

/** @param {import('../game.js').GameContext} ctx */
export function createSeats(ctx) {
  const top = seat('top');
  const bottom = seat('bottom');
  const clocks = createClocks(ctx, () => [top, bottom].map((el) => ({
    element: part(el, '.clock'), notice: part(el, '.first-move'), side: el.dataset.side ?? 'S',
  })));

  function render() {
    const { game, position } = ctx;
    const below = game.you === 'N' ? 'N' : 'S';
    const kalah = isKalah(position.rules);
    for (const [el, side] of [[bottom, below], [top, opposite(below)]]) {
      const p = game.players?.[side];
      el.dataset.side = side;
      const toMove = game.status === 'playing' && game.to_move === side;
      el.classList.toggle('to-move', toMove);
      part(el, '.turn-mark').textContent = toMove ? '▶' : '';
      const who = p ? playerName(p) : t('seat-waiting');
      const name = p?.account ? h('a', { href: `/player/${encodeURIComponent(p.name)}` }, who) : who;
      const rating = typeof p?.rating === 'number'
        ? h('span', { class: 'seat-rating' }, ` ${ratingText(p.rating, p.provisional)}`,
          typeof p.rating_diff === 'number' ? h('span', { class: `diff ${p.rating_diff < 0 ? 'down' : 'up'}` }, ` ${diffText(p.rating_diff)}`) : null)
        : null;
      const guest = p?.kind === 'human' && !p.account ? h('span', { class: 'guest-mark' }, ` ${t('seat-guest')}`) : null;
      const berserk = p?.berserk ? h('span', { class: 'berserk-mark', title: t('seat-berserk-title') }, ` ${t('seat-berserk')}`) : null;
      const bot = p?.bot ? botBadge() : null;
      fill(part(el, '.who'), h('strong', {}, sideName(side)), ' ', bot, bot ? ' ' : null, name, guest, rating, berserk, game.you === side ? ` ${t('seat-you')}` : '');
      const linkState = part(el, '.link-state');
      if (p && p.kind !== 'computer' && game.status !== 'finished') {
        linkState.textContent = p.connected ? t('seat-online') : t('seat-away');
        linkState.classList.toggle('away', !p.connected);
      } else {
        linkState.textContent = '';
      }
      const n = position.captured[side === 'S' ? 0 : 1];
      part(el, '.captured-count').textContent = kalah ? t('seat-store', { seeds: n }) : t('seat-captured', { seeds: n });
    }
    clocks.render();
  }

  return {
    top,
    bottom,
    render,
    /** A new state arrived (its clock figures are as of now). */
    sync: clocks.sync,
    destroy: clocks.destroy,
  };
}
