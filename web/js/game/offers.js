// @ts-check
// Offers standing in a game: the opponent's with Accept and Decline, your
// own with Withdraw; and what became of yours (declined, lapsed), told to
// you when it goes.

import { fill, h } from '../dom.js';
import { opposite } from '../rules.js';
import { offerText } from '../words.js';
import { playerText } from './result.js';

/** @type {Record<string, string>} */
const OFFER_NAMES = {
  cycle: 'to end the game by the cycle rule',
  takeback: 'to take back your last move',
  rematch: 'of a rematch',
};

/**
 * What became of your offer of `kind`, gone between two states; null
 * when it was accepted or the game ended.
 * @param {string} kind
 * @param {any} before
 * @param {any} after
 */
export function goneOfferText(kind, before, after) {
  const what = OFFER_NAMES[kind] ?? kind;
  if (kind === 'rematch' && after.rematch_game_id) return null;
  if (kind === 'takeback' && after.moves.length < before.moves.length) return null;
  if (before.status !== after.status) return null;
  if (after.moves.length !== before.moves.length) return `Your offer ${what} lapsed: a move was played.`;
  const opponent = after.players?.[opposite(after.you)]?.name ?? 'Your opponent';
  return `${opponent} declined your offer ${what}.`;
}

/** @param {import('../game.js').GameContext} ctx */
export function createOffers(ctx) {
  const element = h('div', { class: 'offers' });
  /** Kinds this page withdrew: their going needs no word. */
  const withdrawn = new Set();

  function render() {
    const { game } = ctx;
    const items = [];
    for (const offer of game.offers ?? []) {
      if (game.you && offer.by === game.you) {
        items.push(h('p', { class: 'offer mine' }, `${offerText(offer.kind, 'You', true)} Waiting for an answer. `,
          h('button', {
            type: 'button',
            onclick: () => {
              withdrawn.add(offer.kind);
              ctx.send({ type: 'decline', kind: offer.kind });
            },
          }, 'Withdraw')));
      } else if (game.you) {
        items.push(h('div', { class: 'offer theirs', role: 'group', 'aria-label': 'Offer' },
          h('p', {}, offerText(offer.kind, playerText(game, offer.by))),
          h('button', { type: 'button', class: 'primary', onclick: () => ctx.send({ type: 'accept', kind: offer.kind }) }, 'Accept'),
          ' ',
          h('button', { type: 'button', onclick: () => ctx.send({ type: 'decline', kind: offer.kind }) }, 'Decline')));
      } else {
        items.push(h('p', { class: 'offer' }, offerText(offer.kind, playerText(game, offer.by))));
      }
    }
    fill(element, items);
  }

  /**
   * Tells the offerer what became of offers of theirs that are gone.
   * @param {any} before
   * @param {any} after
   */
  function noteChange(before, after) {
    if (!before || !after.you) return;
    for (const offer of before.offers ?? []) {
      if (offer.by !== after.you) continue;
      if ((after.offers ?? []).some((/** @type {any} */ o) => o.kind === offer.kind && o.by === offer.by)) continue;
      if (withdrawn.delete(offer.kind)) continue;
      const text = goneOfferText(offer.kind, before, after);
      if (text) ctx.say(text);
    }
  }

  return { element, render, noteChange };
}
